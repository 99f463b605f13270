/**
 * CSV formula injection (OWASP): a spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (and, in
 * some, a tab or carriage return before one) as a formula. A neutralised cell is prefixed with a single quote,
 * which spreadsheets show as text, and quoted. Text that already begins with quotes before such a character
 * gets one more, so that reading a neutralised file drops exactly one and every string comes back as written.
 */
export type CsvFormulas = 'neutralise' | 'raw';

export const CSV_FORMULA_MODES: readonly CsvFormulas[] = ['neutralise', 'raw'];

const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** Whether a text cell would be read by a spreadsheet as a formula (or is one neutralised already, quotes and all). */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** The cell a spreadsheet shows as the text itself. */
export function neutraliseFormula(text: string): string {
  return `'${text}`;
}

/** A cell as it was before {@link neutraliseFormula}, or undefined when it was not neutralised. */
export function restoreNeutralised(text: string): string | undefined {
  return NEUTRALISED.test(text) ? text.slice(1) : undefined;
}
