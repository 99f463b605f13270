import * as vscode from 'vscode';
import type { DbHostApi, IndexDefinition } from '../../core/api/types';
import { required } from '../base/registerCommand';
import type { Services } from '../services';
import type { PickItem } from '../base/prompts';
import type { CollectionTarget } from '../kit/targets/collectionTarget';
import type { SuggestedField } from '../../core/documents/fieldPaths';
import { fieldPathProblem, suggestFieldPaths } from '../../core/documents/fieldPaths';
import type { IndexKind } from '../../core/indexes/indexDefinition';
import { generatedIndexName, isGeoKind } from '../../core/indexes/indexDefinition';

/** How many documents are read to suggest fields. */
export const fieldSampleSize = 50;

export type WizardOutcome = { action: 'create' | 'editAsJson'; definition: IndexDefinition };

type FieldChoice = { kind: 'done' } | { kind: 'type' } | { kind: 'field'; path: string };
type OptionChoice = 'create' | 'unique' | 'drop_dups' | 'background' | 'min' | 'max' | 'editAsJson';

const kindItems: PickItem<IndexKind>[] = [
  { label: vscode.l10n.t('Ascending'), description: '1', value: 1 },
  { label: vscode.l10n.t('Descending'), description: '-1', value: -1 },
  { label: vscode.l10n.t('Geo, flat'), description: vscode.l10n.t('2d: points on a plane, e.g. [x, y]'), value: '2d' },
  {
    label: vscode.l10n.t('Geo, sphere'),
    description: vscode.l10n.t('2dsphere: points on the earth, GeoJSON or [longitude, latitude]'),
    value: '2dsphere',
  },
];

const on = '$(pass-filled)';
const off = '$(circle-large-outline)';

/**
 * Asks for an index step by step: fields (suggested from a sample of the collection, or typed) with a
 * direction or geo kind each, then its options. Ends with the body to send, or to edit as JSON first.
 */
export async function askIndexDefinition(services: Services, client: DbHostApi, target: CollectionTarget): Promise<WizardOutcome> {
  const sample = await client.listDocuments(target.db, target.col, { limit: fieldSampleSize });
  const suggestions = suggestFieldPaths(sample.documents);
  const spec = await askFields(services, target, suggestions, sample.documents.length);
  return askOptions(services, target, spec);
}

async function askFields(
  services: Services,
  target: CollectionTarget,
  suggestions: SuggestedField[],
  sampled: number,
): Promise<Record<string, IndexKind>> {
  const spec: Record<string, IndexKind> = {};
  for (;;) {
    const chosen = Object.keys(spec);
    const items: PickItem<FieldChoice>[] = [];
    if (chosen.length > 0)
      items.push({
        label: vscode.l10n.t('$(check) Done'),
        description: vscode.l10n.t('index {0}', generatedIndexName(spec)),
        value: { kind: 'done' },
      });
    items.push({
      label: vscode.l10n.t('$(edit) Type a field path…'),
      description: vscode.l10n.t('dotted paths allowed, e.g. address.city'),
      value: { kind: 'type' },
    });
    for (const suggestion of suggestions) {
      if (suggestion.path in spec) continue;
      items.push({
        label: suggestion.path,
        description: vscode.l10n.t('in {0} of {1} sampled documents', suggestion.documents, sampled),
        value: { kind: 'field', path: suggestion.path },
      });
    }
    const choice = required(
      await services.prompts.pick(items, {
        title: vscode.l10n.t('Create Index on {0}.{1}: field {2}', target.db, target.col, chosen.length + 1),
        placeHolder:
          chosen.length === 0
            ? vscode.l10n.t('Pick the first field to index')
            : vscode.l10n.t('Indexed so far: {0}. Pick another field, or Done', chosen.join(', ')),
      }),
    );
    if (choice.kind === 'done') return spec;
    const path =
      choice.kind === 'field'
        ? choice.path
        : required(
            await services.prompts.input({
              title: vscode.l10n.t('Create Index on {0}.{1}: field {2}', target.db, target.col, chosen.length + 1),
              prompt: vscode.l10n.t('The field path to index'),
              placeHolder: vscode.l10n.t('e.g. name or address.city'),
              validateInput: (value) =>
                fieldPathProblem(value) ?? (value in spec ? vscode.l10n.t('{0} is already in the index.', value) : undefined),
            }),
          );
    const problem = fieldPathProblem(path) ?? (path in spec ? vscode.l10n.t('{0} is already in the index.', path) : undefined);
    if (problem) throw new Error(problem);
    spec[path] = required(
      await services.prompts.pick(kindItems, {
        title: vscode.l10n.t('Create Index on {0}.{1}: {2}', target.db, target.col, path),
        placeHolder: vscode.l10n.t('How {0} is indexed', path),
      }),
    );
  }
}

/** The options' items as they stand: each toggle shows its state; min and max only for a geo index. */
function optionItems(
  spec: Record<string, IndexKind>,
  options: { unique: boolean; dropDups: boolean; background: boolean; min?: number; max?: number },
): PickItem<OptionChoice>[] {
  const { unique, dropDups, background, min, max } = options;
  const geo = Object.values(spec).some(isGeoKind);
  const items: PickItem<OptionChoice>[] = [
    { label: vscode.l10n.t('$(check) Create Index'), description: generatedIndexName(spec), value: 'create' },
    {
      label: vscode.l10n.t('{0} Unique', unique ? on : off),
      description: vscode.l10n.t('refuse two documents with the same values'),
      value: 'unique',
    },
  ];
  if (unique) {
    items.push({
      label: vscode.l10n.t('{0} Drop duplicates (drop_dups)', dropDups ? on : off),
      description: vscode.l10n.t('deletes every later document that duplicates an earlier one'),
      value: 'drop_dups',
    });
  }
  items.push({
    label: vscode.l10n.t('{0} Build in background', background ? on : off),
    description: vscode.l10n.t('the database stays usable while it builds'),
    value: 'background',
  });
  if (geo) {
    items.push({
      label: vscode.l10n.t('$(arrow-down) Minimum (min)'),
      description: min === undefined ? 'default' : String(min),
      value: 'min',
    });
    items.push({
      label: vscode.l10n.t('$(arrow-up) Maximum (max)'),
      description: max === undefined ? 'default' : String(max),
      value: 'max',
    });
  }
  items.push({
    label: vscode.l10n.t('$(json) Edit as JSON…'),
    description: vscode.l10n.t('open this index as the JSON body to send'),
    value: 'editAsJson',
  });
  return items;
}

async function askOptions(services: Services, target: CollectionTarget, spec: Record<string, IndexKind>): Promise<WizardOutcome> {
  let unique = false;
  let dropDups = false;
  let background = true;
  let min: number | undefined;
  let max: number | undefined;
  const definition = (): IndexDefinition => ({
    spec: { ...spec },
    unique,
    drop_dups: dropDups,
    background,
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
  });
  for (;;) {
    const items = optionItems(spec, { unique, dropDups, background, min, max });
    const choice = required(
      await services.prompts.pick(items, {
        title: vscode.l10n.t('Create Index on {0}.{1}: options', target.db, target.col),
        placeHolder: vscode.l10n.t('Toggle options, then Create Index'),
      }),
    );
    switch (choice) {
      case 'create':
        return { action: 'create', definition: definition() };
      case 'editAsJson':
        return { action: 'editAsJson', definition: definition() };
      case 'unique':
        unique = !unique;
        if (!unique) dropDups = false;
        break;
      case 'drop_dups':
        dropDups = !dropDups;
        break;
      case 'background':
        background = !background;
        break;
      case 'min':
        min = await askBound(services, 'min', min, (value) =>
          max !== undefined && value >= max ? vscode.l10n.t('min must be less than max ({0}).', max) : undefined,
        );
        break;
      case 'max':
        max = await askBound(services, 'max', max, (value) =>
          min !== undefined && value <= min ? vscode.l10n.t('max must be greater than min ({0}).', min) : undefined,
        );
        break;
    }
  }
}

function parseBound(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** A geo bound; an empty answer goes back to the database's default. Dismissing keeps the current value. */
async function askBound(
  services: Services,
  name: 'min' | 'max',
  current: number | undefined,
  conflict: (value: number) => string | undefined,
): Promise<number | undefined> {
  const problemOf = (text: string): string | undefined => {
    const value = parseBound(text);
    if (value === undefined) return undefined;
    if (Number.isNaN(value)) return vscode.l10n.t('Type a number, e.g. -180, or leave it empty for the default.');
    return conflict(value);
  };
  const answer = await services.prompts.input({
    title: vscode.l10n.t('Geo index {0}', name),
    prompt: vscode.l10n.t(
      'The {0} longitude and latitude the index takes; empty for the default ({1})',
      name === 'min' ? 'lowest' : 'highest',
      name === 'min' ? '-180' : '180',
    ),
    value: current === undefined ? '' : String(current),
    validateInput: problemOf,
  });
  if (answer === undefined) return current;
  const problem = problemOf(answer);
  if (problem) throw new Error(problem);
  return parseBound(answer);
}
