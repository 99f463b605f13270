import type { Doc } from './bson/extendedJson';
import type { Body } from './http/params';
import { requireDocument } from './http/params';
import { compileFilter, idLookup } from './query/engine';
import type { RequestScope } from './store/accountStore';

/**
 * What an update by filter reads (a bulk update, `preview` its dry run): the documents its criteria may match (see
 * {@link RequestScope.documents}). Undefined for criteria the handler refuses: the collection is then read whole and
 * the handler answers as it always does.
 */
export function filteredDocuments(db: string, col: string, body: Body, preview: boolean): RequestScope['documents'] {
  let criteria: Doc;
  try {
    criteria = requireDocument(body, 'criteria');
    compileFilter(criteria);
  } catch {
    return undefined;
  }
  const id = idLookup(criteria);
  return [{ db, col, ids: id === undefined ? [] : [id], criteria, ...(preview ? { preview } : {}) }];
}
