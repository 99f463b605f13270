import type { Infer } from '../json/schema';
import { boolean, list, object, oneOf, optional, text, variants } from '../json/schema';
import type { JsonValue } from '../json/lossless';
import { JsonSyntaxError, parseLossless, stringifyLossless } from '../json/lossless';
import type { MergeField, MergeResolution, MergeResolutions, ThreeWayMerge } from './threeWayMerge';
import { mergePathLabel } from './threeWayMerge';

const LINE = 10_000;
const VALUE = 1_000_000;
const MAX_FIELDS = 5_000;

const change = oneOf(['unchanged', 'added', 'removed', 'changed'] as const);
const take = oneOf(['mine', 'theirs', 'edited'] as const);

/** One field of the merge as the page shows it: each version's value as JSON text, absent when the field is not there. */
const row = object({
  key: text(LINE),
  label: text(LINE),
  status: oneOf(['mine', 'theirs', 'both', 'conflict'] as const),
  mineChange: change,
  theirsChange: change,
  base: optional(text(VALUE)),
  mine: optional(text(VALUE)),
  theirs: optional(text(VALUE)),
  /** What the merge takes until the user chooses. */
  take,
});

/** The texts of the page, translated by the extension. */
const labels = object({
  base: text(200),
  mine: text(200),
  theirs: text(200),
  absent: text(200),
  takeMine: text(200),
  takeTheirs: text(200),
  edit: text(200),
  editHint: text(LINE),
  conflict: text(200),
  onlyMine: text(200),
  onlyTheirs: text(200),
  both: text(200),
  added: text(200),
  removed: text(200),
  changed: text(200),
  unchanged: text(200),
  save: text(200),
  cancel: text(200),
  working: text(200),
});

const view = object({
  title: text(LINE),
  summary: text(LINE),
  /** Why the merge was made again, when it was. */
  note: optional(text(LINE)),
  fields: list(row, { max: MAX_FIELDS }),
  labels,
});

const choice = object({ key: text(LINE), take, text: optional(text(VALUE)) });

const hostMessage = variants({
  show: { view },
  busy: { busy: boolean },
  /** Why the merge was not saved; the page keeps the user's choices. */
  problem: { message: text(LINE) },
});

const pageMessage = variants({
  ready: {},
  save: { choices: list(choice, { max: MAX_FIELDS }) },
  cancel: {},
});

export type MergePageView = Infer<typeof view>;
export type MergeLabels = Infer<typeof labels>;
export type MergeRow = Infer<typeof row>;
export type MergeChoice = Infer<typeof choice>;
export type MergeHostMessage = Infer<typeof hostMessage>;
export type MergePageMessage = Infer<typeof pageMessage>;

/** A message from the extension, checked in full before the page uses it; undefined for anything else. */
export const parseMergeHostMessage = (data: unknown): MergeHostMessage | undefined => hostMessage.check(data);

/** A message from the page, checked before the extension acts on it; undefined for anything else. */
export const parseMergePageMessage = (data: unknown): MergePageMessage | undefined => pageMessage.check(data);

/** What the page draws of a merge. */
export function mergePageView(
  merge: ThreeWayMerge,
  header: { title: string; summary: string; note?: string },
  labels: MergeLabels,
): MergePageView {
  return { ...header, fields: merge.fields.map(rowOf), labels };
}

function rowOf(field: MergeField): MergeRow {
  return {
    key: field.key,
    label: mergePathLabel(field.path),
    status: field.status,
    mineChange: field.mineChange,
    theirsChange: field.theirsChange,
    ...valueText('base', field.base),
    ...valueText('mine', field.mine),
    ...valueText('theirs', field.theirs),
    take: field.status === 'theirs' ? 'theirs' : 'mine',
  };
}

function valueText(name: 'base' | 'mine' | 'theirs', value: JsonValue | undefined): Partial<Record<typeof name, string>> {
  return value === undefined ? {} : { [name]: stringifyLossless(value, 2) };
}

/** The user's choices as resolutions, or why one cannot be used: a typed value that is not JSON, or a field the merge does not have. */
export function resolutionsOf(
  choices: readonly MergeChoice[],
  fields: readonly MergeField[],
): { resolutions: MergeResolutions } | { problem: string } {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const resolutions: Record<string, MergeResolution> = {};
  for (const { key, take: taken, text: typed } of choices) {
    const field = byKey.get(key);
    if (!field) return { problem: 'The merge changed since these choices were made; choose again.' };
    const resolution = resolutionOf(taken, typed);
    if ('problem' in resolution) return { problem: `${mergePathLabel(field.path)}: ${resolution.problem}` };
    Object.defineProperty(resolutions, key, { value: resolution, enumerable: true });
  }
  return { resolutions };
}

function resolutionOf(taken: MergeChoice['take'], typed: string | undefined): MergeResolution | { problem: string } {
  if (taken !== 'edited') return { take: taken };
  if (typed === undefined || typed.trim() === '') return { take: 'edited', value: undefined };
  try {
    return { take: 'edited', value: parseLossless(typed, { rejectDuplicateKeys: true }) };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { problem: `the value you typed is not JSON: ${error.message}.` };
    throw error;
  }
}
