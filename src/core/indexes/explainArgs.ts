import type { DocumentQuery } from '../api/types';
import { isJsonObject } from '../json/lossless';

/** What an explain is asked for from any caller (a collection view, a slow query, a test): a query on a collection of an account. */
export interface ExplainRequest {
  accountId: string;
  db: string;
  col: string;
  query: DocumentQuery;
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

function checkQuery(query: unknown): DocumentQuery {
  if (query === undefined) return {};
  if (!isJsonObject(query as never)) throw new Error('query must be an object of q, sort, fields, skip and limit');
  const { q, sort, fields, skip, limit } = query as Record<string, unknown>;
  if (q !== undefined && !isJsonObject(q as never)) throw new Error('query.q must be a JSON object (the filter)');
  if (sort !== undefined && !isJsonObject(sort as never)) throw new Error('query.sort must be a JSON object such as {"n": -1}');
  if (fields !== undefined && !Array.isArray(fields) && !isJsonObject(fields as never))
    throw new Error('query.fields must be an array or an object');
  for (const [name, value] of [
    ['skip', skip],
    ['limit', limit],
  ] as const)
    if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 0))
      throw new Error(`query.${name} must be a whole number of at least 0`);
  return { q, sort, fields, skip, limit } as DocumentQuery;
}

/** The arguments of dbhost.explainQuery, checked; the message leads with what is wrong. */
export function checkExplainArgs(arg: unknown): ExplainRequest {
  try {
    if (!isJsonObject(arg as never)) throw new Error('the arguments must be an object {accountId, db, col, query}');
    const { accountId, db, col, query } = arg as Record<string, unknown>;
    if (!nonEmpty(accountId) || !nonEmpty(db) || !nonEmpty(col)) throw new Error('accountId, db and col must be non-empty strings');
    const checked = checkQuery(query);
    const defined = Object.fromEntries(Object.entries(checked).filter(([, value]) => value !== undefined)) as DocumentQuery;
    return { accountId, db, col, query: defined };
  } catch (error) {
    throw new Error(`${(error as Error).message}: Explain cannot use the arguments it was given.`, { cause: error });
  }
}
