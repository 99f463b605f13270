import { pipelineWrite } from '../aggregation/pipelineWrite';

/** How an account treats writes: sent as asked, each confirmed first, or never sent. */
export type WriteMode = 'normal' | 'confirm' | 'readOnly';

/** What an account keeps besides its label and address; absent members mean Normal, no colour, no tag. */
export interface AccountGuardrails {
  mode?: WriteMode;
  /** A theme colour id, e.g. `charts.red`. */
  color?: string;
  /** A short word shown with the account's data, e.g. "production". */
  tag?: string;
}

export const WRITE_MODES: ReadonlyArray<{ mode: WriteMode; detail: string }> = [
  { mode: 'normal', detail: 'Writes are sent as you make them' },
  { mode: 'confirm', detail: 'Each write shows the exact request and what it affects, and is sent only when you confirm' },
  { mode: 'readOnly', detail: 'No write is ever sent: saves, deletes, updates and creates are refused' },
];

/** Theme colours that read well on light, dark and high-contrast themes. */
export const ACCOUNT_COLORS: ReadonlyArray<{ id: string; label: string }> = [
  { id: 'charts.red', label: 'Red' },
  { id: 'charts.orange', label: 'Orange' },
  { id: 'charts.yellow', label: 'Yellow' },
  { id: 'charts.green', label: 'Green' },
  { id: 'charts.blue', label: 'Blue' },
  { id: 'charts.purple', label: 'Purple' },
  { id: 'terminal.ansiCyan', label: 'Cyan' },
  { id: 'terminal.ansiMagenta', label: 'Magenta' },
];

export const MAX_TAG_LENGTH = 24;

export function modeOf(guardrails: AccountGuardrails): WriteMode {
  return guardrails.mode ?? 'normal';
}

const MODE_LABELS: Record<WriteMode, string> = { normal: 'Normal', confirm: 'Confirm writes', readOnly: 'Read-only' };

export function modeLabel(mode: WriteMode): string {
  return MODE_LABELS[mode] ?? 'Normal';
}

/** Whether the account has anything set beyond the defaults: only then is its look shown. */
export function hasGuardrails(guardrails: AccountGuardrails): boolean {
  return Boolean(guardrails.tag || guardrails.color) || modeOf(guardrails) !== 'normal';
}

export function colorLabel(color: string | undefined): string {
  return ACCOUNT_COLORS.find((entry) => entry.id === color)?.label ?? 'No colour';
}

/** Any request that is not a read changes something on the service. */
export function isWriteMethod(method: string): boolean {
  return method.toUpperCase() !== 'GET' && method.toUpperCase() !== 'HEAD';
}

/** A POST that writes nothing: the dry run of a bulk update (issue 25). */
const DRY_RUN_PATH = /^\/databases\/[^/]+\/collections\/[^/]+\/update_preview$/;
/** A POST that writes only when its pipeline holds `$out` or `$merge` (issue 31). */
const AGGREGATE_PATH = /^\/databases\/[^/]+\/collections\/[^/]+\/aggregate$/;

/**
 * Whether a request may change the service: any method but GET and HEAD, except a bulk update's dry run and an
 * aggregation whose pipeline neither `$out`s nor `$merge`s.
 */
export function isWriteRequest(request: { method: string; path: string; body?: Record<string, unknown> }): boolean {
  if (!isWriteMethod(request.method)) return false;
  if (request.method.toUpperCase() !== 'POST') return true;
  if (DRY_RUN_PATH.test(request.path)) return false;
  return !AGGREGATE_PATH.test(request.path) || pipelineWrite(request.body?.pipeline) !== undefined;
}

/** Leaving Read-only for Normal lets writes through unasked, so it is asked first. */
export function loosensToNormal(from: WriteMode, to: WriteMode): boolean {
  return from === 'readOnly' && to === 'normal';
}

export function tagProblem(text: string): string | undefined {
  const tag = text.trim();
  if (tag.length > MAX_TAG_LENGTH) return `A tag has at most ${MAX_TAG_LENGTH} characters`;
  if (/[\r\n\t]/.test(tag)) return 'A tag is one line';
  return undefined;
}

/** The two characters a file decoration's badge can show: the tag's first letters. */
export function tagBadge(tag: string): string {
  return [...tag.trim()].slice(0, 2).join('').toUpperCase();
}

/** "Prod [production]", or the label alone. */
export function accountTitle(label: string, tag: string | undefined): string {
  return tag ? `${label} [${tag}]` : label;
}
