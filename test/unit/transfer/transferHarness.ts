import type { DbHostApi } from '../../../src/core/api/types';
import type { JsonObject } from '../../../src/core/json/lossless';
import { stringifyLossless } from '../../../src/core/json/lossless';
import { documentWriter } from '../../../src/core/transfer/documentWriter';
import { exportDocuments } from '../../../src/core/transfer/exportRun';
import type { TransferFormat } from '../../../src/core/transfer/formats';
import { readJsonArray } from '../../../src/core/transfer/jsonArray';
import { readNdjson } from '../../../src/core/transfer/ndjson';

/** Exports a collection to text in memory. */
export async function exportToText(
  api: DbHostApi,
  db: string,
  col: string,
  format: Exclude<TransferFormat, 'csv'> = 'ndjson',
  retryDelayMs = 1,
): Promise<string> {
  let text = '';
  await exportDocuments({ api, db, col, writer: documentWriter(format), write: async (piece) => void (text += piece), retryDelayMs });
  return text;
}

export function recordsOf(text: string, format: Exclude<TransferFormat, 'csv'> = 'ndjson') {
  return format === 'ndjson' ? readNdjson([text]) : readJsonArray([text]);
}

/** Every document of a collection, as the service holds them, sorted by their text (the order of storage may differ). */
export async function allDocuments(api: DbHostApi, db: string, col: string): Promise<string[]> {
  const texts: string[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await api.listDocuments(db, col, { skip, limit: 100 });
    texts.push(...page.documents.map((document: JsonObject) => stringifyLossless(document)));
    if (page.documents.length < 100) break;
  }
  return texts.sort();
}
