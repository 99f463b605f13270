import type { WriteMode } from './accountGuardrails';

/** What Account Settings… offers and checks: the modes, the colours, a tag's limits (loaded with the guardrails' part). */
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

export function colorLabel(color: string | undefined): string {
  return ACCOUNT_COLORS.find((entry) => entry.id === color)?.label ?? 'No colour';
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
