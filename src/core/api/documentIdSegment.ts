import type { JsonValue } from '../json/lossless';
import { isJsonObject, stringifyLossless } from '../json/lossless';
import { numberTextOf } from '../documents/documentId';

const INTEGER_TEXT = /^-?\d+$/;

/**
 * The `<doc_id>` text that names exactly this `_id` on the service. The service looks a segment up as a string
 * `_id` first and only without one converts it (extended JSON, 24 hex digits, a number), so a string goes as
 * itself and every other type as the extended JSON the service reads as that type: 42 as `{"$numberLong":"42"}`,
 * an object id as `{"$oid":"…"}`, a date or a compound `_id` as its JSON. The service has no path for a null,
 * boolean or array `_id`; those are refused here rather than sent as text that names a string.
 */
export function documentIdSegment(id: JsonValue): string {
  if (typeof id === 'string') return id;
  const number = numberTextOf(id);
  if (number !== undefined) return stringifyLossless(INTEGER_TEXT.test(number) ? { $numberLong: number } : { $numberDouble: number });
  if (isJsonObject(id)) return stringifyLossless(id);
  throw new RangeError(
    `The _id ${stringifyLossless(id)} cannot be named in a request path: the service reaches documents by a string, number, object id or object _id only`,
  );
}

/**
 * The `id_type` query parameter beside {@link documentIdSegment}'s segment: it tells this project's service that
 * the segment names exactly that `_id` (`string`: the string; `json`: the typed value its extended JSON spells),
 * so that no conversion can reach another document. Other services ignore it.
 */
export function documentIdType(id: JsonValue): 'string' | 'json' {
  return typeof id === 'string' ? 'string' : 'json';
}

/**
 * Whether the document answered for {@link documentIdSegment}'s path is the one asked for. The service converts a
 * segment only when no string `_id` matches it, so an absent string can answer a number or an object id, and a
 * string `_id` spelled like extended JSON can answer for the typed value.
 */
export function answersDocumentId(answered: JsonValue | undefined, asked: JsonValue): boolean {
  if (answered === undefined) return true;
  return typeof asked === 'string' ? answered === asked : typeof answered !== 'string';
}
