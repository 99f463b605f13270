import { valueKey } from '../../bson/extendedJson';
import type { Doc, Value } from '../../bson/extendedJson';
import { stringifyStored } from '../../bson/plainJson';

/** The primary key of a document: its `_id`'s valueKey (equal ids, equal keys), as JSON so that no U+0000 reaches a text column. */
export const documentKey = (id: Value): string => JSON.stringify(valueKey(id));

/** The stored text of a document, and the `jsonb` beside it (none for text that jsonb cannot hold: a string with U+0000). */
export function documentColumns(doc: Doc): { body: string; json: string | null } {
  const body = stringifyStored(doc, 'A document');
  return { body, json: body.includes('\\u0000') ? null : body };
}
