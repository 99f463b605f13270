import * as vscode from 'vscode';
import type { DbHostApi } from '../../core/api/types';
import { MAX_PAGE_SIZE } from '../../core/api/limits';
import type { JsonObject } from '../../core/json/lossless';
import { countLaterDuplicates, duplicateCountLimit } from '../../core/indexes/duplicateCount';

export { duplicateCountLimit };
const pageSize = MAX_PAGE_SIZE;

export type DuplicatesAtStake =
  | { kind: 'counted'; duplicates: number; documents: number }
  | { kind: 'too-many'; documents: number }
  | { kind: 'uncountable'; reason: string };

/** Reads the collection a page at a time (only the indexed fields) to count what drop_dups would delete. */
export async function countDuplicatesAtStake(
  client: DbHostApi,
  db: string,
  col: string,
  paths: readonly string[],
  signal?: AbortSignal,
): Promise<DuplicatesAtStake> {
  const first = await client.listDocuments(db, col, { limit: 1 }, { signal });
  if (first.total === undefined)
    return { kind: 'uncountable', reason: vscode.l10n.t('the service did not say how many documents the collection holds') };
  if (first.total > duplicateCountLimit) return { kind: 'too-many', documents: first.total };
  const fields = Object.fromEntries(paths.map((path) => [path, 1 as const]));
  const documents: JsonObject[] = [];
  for (let skip = 0; ; skip += pageSize) {
    const page = await client.listDocuments(db, col, { fields, sort: { _id: 1 }, skip, limit: pageSize }, { signal });
    documents.push(...page.documents);
    if (page.documents.length < pageSize) break;
  }
  const duplicates = countLaterDuplicates(documents, paths);
  if (duplicates === undefined) return { kind: 'uncountable', reason: vscode.l10n.t('some documents hold arrays in the indexed fields') };
  return { kind: 'counted', duplicates, documents: documents.length };
}
