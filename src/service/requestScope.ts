import type { Value } from './bson/extendedJson';
import { fromExtendedJson, isPlainObject } from './bson/extendedJson';
import type { Body } from './http/params';
import type { Method } from './http/method';
import type { RequestScope } from './store/accountStore';
import { pathIdCandidates } from './handlers/documentPathIds';
import { filteredDocuments } from './filteredScope';
import { namesOtherCollections } from './query/aggregation/namesOtherCollections';

/** A scope of its own for each request: the store notes in it how long loading took. */
const nothing = (): RequestScope => ({ collections: [], databases: [], figures: [] });

/**
 * The `_id`s a write of one document reads (see {@link RequestScope.documents}): the one a PUT or DELETE by `_id` names
 * (each way its path may be read), the one an insert gives (none when the service makes it). Undefined for any
 * other write and for input the handler refuses: the collection is then read whole.
 */
function documentIds(
  pattern: readonly string[],
  params: Record<string, string>,
  method: Method,
  body: Body,
  query: URLSearchParams,
): Value[] | undefined {
  try {
    if (pattern.length === 6 && (method === 'PUT' || method === 'DELETE')) return pathIdCandidates(params.id, query.get('id_type'));
    if (pattern.length !== 5 || method !== 'POST' || params.col === 'system.users') return undefined;
    // Only the _id converted (as the handler converts it, one level down): the journal store converts nothing twice.
    const document = body.document;
    if (!isPlainObject(document)) return undefined;
    return document._id === undefined ? [] : [fromExtendedJson(document._id, 'document._id', 1)];
  } catch {
    return undefined;
  }
}

/**
 * What of the account's data a request to the route `pattern` reads (see {@link RequestScope}): the collection it
 * names (not for a read by `_id`, only the documents of a write of one document); a pipeline's whole database
 * (`$lookup`, `$unionWith`, `$merge` and `$out` stay in it); the counts and sizes a listing or
 * statistics report. Names that are not strings are left to the handler to refuse.
 */
export function requestScope(
  pattern: readonly string[],
  params: Record<string, string>,
  method: Method,
  body: Body,
  query = new URLSearchParams(),
): RequestScope {
  const { db, col } = params;
  // A copy reads no document where the store copies them itself; the collections it checks against rules it asks for.
  if (pattern[0] === 'copy_database') return nothing();
  if (pattern[0] === 'deployments' && pattern[2] === 'stats') return { ...nothing(), figures: 'all' };
  if (pattern[0] !== 'databases' || db === undefined) return nothing();
  if (col !== undefined) {
    // A pipeline on its own collection reads its leading stages' documents where the store keeps them (aggregateSource.ts).
    if (pattern[4] === 'aggregate') return namesOtherCollections(body.pipeline) ? { ...nothing(), databases: [db] } : nothing();
    // Read where the store keeps the documents (DocumentSource): a document by _id, and a query (or its explain) that
    // PostgreSQL answers whole; one that it cannot loads the collection then (AccountStore.loadCollection).
    if ((pattern[4] === 'documents' || pattern[4] === 'explain') && method === 'GET') return nothing();
    // Index listings, drops and builds read no document: a build asks the store for what it needs (StoreIndexBuilds).
    if (pattern[4] === 'indexes') return nothing();
    const ids = pattern[4] === 'documents' ? documentIds(pattern, params, method, body, query) : undefined;
    if (ids) return { ...nothing(), documents: [{ db, col, ids }] };
    // An update by filter reads what its criteria may match; criteria the handler refuses read nothing.
    const preview = pattern[4] === 'update_preview' && method === 'POST';
    if (preview || (pattern.length === 5 && pattern[4] === 'documents' && method === 'PUT'))
      return { ...nothing(), documents: filteredDocuments(db, col, body, preview) ?? [] };
    return { ...nothing(), collections: [{ db, col }] };
  }
  const listing = pattern.length === 2 || (pattern.length === 3 && pattern[2] === 'collections');
  return listing && method === 'GET' ? { ...nothing(), figures: [db] } : nothing();
}
