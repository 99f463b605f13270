import type { CsvTypes } from './csvDocuments';
import { readCsvDocuments } from './csvDocuments';
import type { TransferFormat } from './formats';
import { readJsonArray } from './jsonArray';
import { readNdjson } from './ndjson';
import type { ParsedRecord } from './parsedRecord';
import { utf8Text } from './utf8Text';

/**
 * The records of an import file's bytes, parsed one at a time as they arrive. The bytes are read as UTF-8
 * and nothing else: a record holding bytes that are not is refused with its line.
 */
export function recordsOf(
  bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  format: TransferFormat,
  csvTypes: CsvTypes = 'strings',
): AsyncIterable<ParsedRecord> {
  const chunks = utf8Text(bytes);
  if (format === 'ndjson') return readNdjson(chunks);
  if (format === 'json') return readJsonArray(chunks);
  return readCsvDocuments(chunks, csvTypes);
}
