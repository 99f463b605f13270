import type { JsonObject } from '../json/lossless';
import { CsvWriter } from './csvDocuments';
import type { CsvFormulas } from './csvFormulas';
import type { TransferFormat } from './formats';
import { JsonArrayWriter } from './jsonArray';
import { ndjsonLine } from './ndjson';

/** Writes documents in one file format: `start`, `item` per document, `end`; each gives the text to append. */
export interface DocumentWriter {
  start(): string;
  item(document: JsonObject): string;
  end(): string;
}

/** `formulas` decides how CSV writes text a spreadsheet would run (see csvFormulas.ts); the other formats ignore it. */
export function documentWriter(
  format: TransferFormat,
  columns: readonly string[] = [],
  formulas: CsvFormulas = 'neutralise',
): DocumentWriter {
  if (format === 'ndjson') return { start: () => '', item: ndjsonLine, end: () => '' };
  if (format === 'json') return new JsonArrayWriter();
  const csv = new CsvWriter(columns, formulas);
  return { start: () => csv.header(), item: (document) => csv.row(document), end: () => '' };
}
