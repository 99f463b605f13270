import type { Value } from '../bson/extendedJson';
import { fromExtendedJson, isPlainObject } from '../bson/extendedJson';
import { storedInteger } from '../bson/int64';
import { ObjectId } from '../bson/objectId';
import { parseStoredJson } from '../bson/storedJson';
import { badRequest } from '../errors';

const EXTENDED_NUMBER_KEYS = new Set(['$numberInt', '$numberLong', '$numberDouble']);

/** What a path segment in extended JSON names: `{"$oid": …}`, `{"$numberInt": "7"}` (and Long, Double), a compound `_id`. */
function extendedJsonId(raw: string): Value | undefined {
  try {
    const parsed = parseStoredJson(raw);
    if (isPlainObject(parsed)) {
      const [key, ...others] = Object.keys(parsed);
      const text = parsed[key];
      if (others.length === 0 && EXTENDED_NUMBER_KEYS.has(key) && typeof text === 'string') return numberId(text);
    }
    return fromExtendedJson(parsed, 'doc_id');
  } catch {
    return undefined;
  }
}

/** Number text as the body's numbers are read: integers beyond 2^53 as the exact 64-bit integer, not the nearest double. */
function numberId(text: string): number | bigint | undefined {
  if (/^-?\d{1,20}$/.test(text)) return storedInteger(BigInt(text));
  if (/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text) && Number.isFinite(Number(text))) return Number(text);
  return undefined;
}

/**
 * The `_id`s a path segment may name, in the order they are tried. The segment is text, so a document whose `_id`
 * is exactly that string comes first; only without one is the text converted, in this order: extended JSON, an
 * object id (24 hex digits), a number. So when both "7" and 7 are ids, `7` reaches the string and
 * `{"$numberInt":"7"}` the number; likewise `{"$oid": …}` reaches an object id that a 24-digit string shadows.
 *
 * `id_type` (beyond the interface; this project's clients send it): the segment names exactly one `_id`, nothing
 * converted. `string`: that string. `json`: the extended JSON of a typed `_id` (`{"$numberLong":"42"}`,
 * `{"$oid":…}`, an object). Without it, the conversions the original's clients rely on could make a write meant
 * for a string `_id` that is gone change the number or object id it spells.
 */
export function pathIdCandidates(raw: string, idType: string | null): Value[] {
  if (idType === 'string') return [raw];
  if (idType === 'json') {
    const id = raw.startsWith('{') ? extendedJsonId(raw) : undefined;
    if (id === undefined || typeof id === 'string')
      throw badRequest(`With id_type=json the document id must be the extended JSON of a number, object id or object _id`);
    return [id];
  }
  if (idType !== null) throw badRequest(`id_type must be "string" or "json", not ${JSON.stringify(idType.slice(0, 40))}`);
  const candidates: (Value | undefined)[] = [raw];
  if (raw.startsWith('{')) candidates.push(extendedJsonId(raw));
  if (ObjectId.isValid(raw)) candidates.push(new ObjectId(raw));
  candidates.push(numberId(raw));
  return candidates.filter((candidate): candidate is Value => candidate !== undefined);
}
