import { createReadStream } from 'node:fs';
import type { CsvTypes } from '../../src/core/transfer/csvDocuments';
import type { TransferFormat } from '../../src/core/transfer/formats';
import type { ParsedRecord } from '../../src/core/transfer/parsedRecord';
import { recordsOf } from '../../src/core/transfer/recordsOf';

/**
 * For tests and the bench: the records of an import file as the desktop's import reads them (nodeTransferFiles.ts
 * with core's recordsOf), read from disk a piece at a time (each call reads the file afresh). Its
 * bytes are read as UTF-8 and nothing else: a record holding bytes that are not is refused with its line.
 */
export function fileRecords(path: string, format: TransferFormat, csvTypes: CsvTypes = 'strings'): AsyncIterable<ParsedRecord> {
  return recordsOf(createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>, format, csvTypes);
}
