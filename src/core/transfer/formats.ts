/** The file formats export writes and import reads. */
export type TransferFormat = 'ndjson' | 'json' | 'csv';

export const FORMAT_LABELS: Record<TransferFormat, string> = {
  ndjson: 'NDJSON (one extended-JSON document per line, exact round trip)',
  json: 'JSON array (extended JSON, exact round trip)',
  csv: 'CSV (chosen columns; nested fields as dotted columns)',
};

export const FORMAT_EXTENSIONS: Record<TransferFormat, string> = { ndjson: 'ndjson', json: 'json', csv: 'csv' };

/** The format a file's name says it holds, or undefined when the extension names none of them. */
export function formatOfFileName(name: string): TransferFormat | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.ndjson') || lower.endsWith('.jsonl')) return 'ndjson';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  return undefined;
}
