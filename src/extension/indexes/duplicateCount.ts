import * as vscode from 'vscode';
import type { DbHostApi } from '../../core/api/types';
import { MAX_PAGE_SIZE } from '../../core/api/limits';
import type { JsonObject, JsonValue } from '../../core/json/lossless';
import { isJsonObject, LosslessNumber } from '../../core/json/lossless';

/** Above this many documents the duplicates are not counted beforehand: it would mean reading them all. */
export const duplicateCountLimit = 5000;
const pageSize = MAX_PAGE_SIZE;

/** A key equal for every two values the database treats as equal in an index (1 and 1.0 alike). */
function canonical(value: JsonValue): string | undefined {
  if (value instanceof LosslessNumber) return `n${Number(value.text)}`;
  if (typeof value === 'number') return `n${value}`;
  if (Array.isArray(value)) return undefined;
  if (isJsonObject(value)) {
    const parts: string[] = [];
    for (const [key, child] of Object.entries(value)) {
      const inner = canonical(child);
      if (inner === undefined) return undefined;
      parts.push(`${JSON.stringify(key)}:${inner}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value);
}

function valueAt(document: JsonObject, path: string): JsonValue | undefined | typeof arrayOnPath {
  let current: JsonValue | undefined = document;
  for (const segment of path.split('.')) {
    if (Array.isArray(current)) return arrayOnPath;
    if (!isJsonObject(current)) return undefined;
    current = current[segment];
  }
  return current;
}
const arrayOnPath = Symbol('array on path');

/**
 * The key a document has in an index over `paths` (a missing field counts as null, as in the
 * database), or undefined when an array lies on a path: such a document has several keys and its
 * duplicates cannot be told from its own fields alone.
 */
export function indexKeyOf(document: JsonObject, paths: readonly string[]): string | undefined {
  const parts: string[] = [];
  for (const path of paths) {
    const value = valueAt(document, path);
    if (value === arrayOnPath) return undefined;
    const part = canonical(value === undefined ? null : value);
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return parts.join('\u0000');
}

/** How many documents duplicate an earlier one over `paths`; undefined when arrays make it uncountable. */
export function countLaterDuplicates(documents: readonly JsonObject[], paths: readonly string[]): number | undefined {
  const seen = new Set<string>();
  let duplicates = 0;
  for (const document of documents) {
    const key = indexKeyOf(document, paths);
    if (key === undefined) return undefined;
    if (seen.has(key)) duplicates++;
    else seen.add(key);
  }
  return duplicates;
}

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
