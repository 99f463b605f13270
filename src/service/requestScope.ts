import type { Body } from './http/params';
import type { Method } from './http/method';
import type { RequestScope } from './store/accountStore';

/** A scope of its own for each request: the store notes in it how long loading took. */
const nothing = (): RequestScope => ({ collections: [], databases: [], figures: [] });

/**
 * What of the account's data a request to the route `pattern` reads (see {@link RequestScope}): the collection it
 * names (not for a read by `_id`); a pipeline's whole database (`$lookup`, `$unionWith`, `$merge` and `$out` stay in it); the source of a copy;
 * the counts and sizes a listing or statistics report. Names that are not strings are left to the handler to refuse.
 */
export function requestScope(pattern: readonly string[], params: Record<string, string>, method: Method, body: Body): RequestScope {
  const { db, col } = params;
  if (pattern[0] === 'copy_database') return typeof body.from === 'string' ? { ...nothing(), databases: [body.from] } : nothing();
  if (pattern[0] === 'deployments' && pattern[2] === 'stats') return { ...nothing(), figures: 'all' };
  if (pattern[0] !== 'databases' || db === undefined) return nothing();
  if (col !== undefined) {
    if (pattern[4] === 'aggregate') return { ...nothing(), databases: [db] };
    // Read where the store keeps the documents (DocumentSource): a document by _id, and a query that PostgreSQL
    // answers whole; one that it cannot loads the collection then (AccountStore.loadCollection).
    if (pattern[4] === 'documents' && method === 'GET') return nothing();
    return { ...nothing(), collections: [{ db, col }] };
  }
  const listing = pattern.length === 2 || (pattern.length === 3 && pattern[2] === 'collections');
  return listing && method === 'GET' ? { ...nothing(), figures: [db] } : nothing();
}
