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

/** "Prod [production]", or the label alone. */
export function accountTitle(label: string, tag: string | undefined): string {
  return tag ? `${label} [${tag}]` : label;
}
