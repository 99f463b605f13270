import type { Value } from '../../bson/extendedJson';
import { ObjectId } from '../../bson/objectId';
import { literal } from './literal';

/**
 * A value's place in the query language's order (mingo's `compare`, which the service sorts and ranges by) as
 * bytes PostgreSQL compares byte by byte: the type's rank first (null and missing 02, numbers 03, strings 04,
 * booleans 09, dates 0a, object ids 0b), then the value: a number as the double the service compares (an int64
 * or a long decimal as its nearest double), its IEEE bits made to order; a string as UTF-8; a date as its
 * ISO-8601 text (four-digit years); an object id as its hex. NULL where no bytes order as the service does:
 * arrays (the service orders them by their elements), objects, a path through an array, a date or an object id,
 * strings with characters beyond U+FFFF (UTF-16 order, which the service uses, differs from UTF-8's there),
 * dates outside years 0–9999, numbers a double cannot hold. Those stay with the service.
 */
export const SORT_KEY_FUNCTION = `
CREATE OR REPLACE FUNCTION dbhost_sort_key(doc jsonb, path text[]) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
  v jsonb := doc;
  t text;
  s text;
  num numeric;
  bits bigint;
BEGIN
  FOR i IN 1 .. coalesce(array_length(path, 1), 0) LOOP
    t := jsonb_typeof(v);
    IF t = 'array' OR (t = 'object' AND v ?| ARRAY['$date', '$oid']) THEN RETURN NULL; END IF;
    IF t <> 'object' THEN RETURN '\\x02'::bytea; END IF;
    v := v -> path[i];
    IF v IS NULL THEN RETURN '\\x02'::bytea; END IF;
  END LOOP;
  t := jsonb_typeof(v);
  IF t = 'null' THEN RETURN '\\x02'::bytea; END IF;
  IF t = 'boolean' THEN RETURN CASE WHEN v::boolean THEN '\\x0901'::bytea ELSE '\\x0900'::bytea END; END IF;
  IF t = 'string' THEN
    s := v #>> '{}';
    IF s ~ '[\\U00010000-\\U0010FFFF]' THEN RETURN NULL; END IF;
    RETURN '\\x04'::bytea || convert_to(s, 'UTF8');
  END IF;
  IF t = 'number' THEN
    num := v::numeric;
    IF abs(num) >= 1e300 OR (num <> 0 AND abs(num) < 1e-300) THEN RETURN NULL; END IF;
    bits := ('x' || encode(float8send(num::float8), 'hex'))::bit(64)::bigint;
    RETURN '\\x03'::bytea || int8send(CASE WHEN num >= 0 THEN bits # x'8000000000000000'::bigint ELSE ~bits END);
  END IF;
  IF t = 'object' AND (SELECT count(*) FROM jsonb_object_keys(v)) = 1 THEN
    s := v ->> '$date';
    IF s ~ '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$' THEN RETURN '\\x0a'::bytea || convert_to(s, 'UTF8'); END IF;
    s := v ->> '$oid';
    IF s ~ '^[0-9a-f]{24}$' THEN RETURN '\\x0b'::bytea || convert_to(s, 'UTF8'); END IF;
  END IF;
  RETURN NULL;
END
$fn$;
`;

/** The SQL of a path's sort key, written alike in an index definition and a query so that PostgreSQL matches them. */
export const sortKeySql = (segments: string[]): string =>
  `dbhost_sort_key(doc, ARRAY[${segments.map((segment) => literal(segment)).join(', ')}]::text[])`;

const RANK = { null: 0x02, number: 0x03, string: 0x04, boolean: 0x09, date: 0x0a, objectId: 0x0b } as const;
const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/** Text jsonb cannot hold, or whose UTF-8 order is not its UTF-16 order (a surrogate, paired or lone). */
const UNORDERED_TEXT = /[\0\ud800-\udfff]/;

function numberBytes(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value === 0 ? 0 : value);
  if (value >= 0) bytes[0] |= 0x80;
  else for (let i = 0; i < 8; i++) bytes[i] = ~bytes[i] & 0xff;
  return bytes;
}

/** The key of a value as the SQL function gives it, or undefined where it gives NULL (or for what it never sees). */
export function sortKeyBytes(value: Value): Buffer | undefined {
  const ranked = (rank: number, rest: Buffer = Buffer.alloc(0)) => Buffer.concat([Buffer.from([rank]), rest]);
  if (value === null) return ranked(RANK.null);
  if (typeof value === 'boolean') return ranked(RANK.boolean, Buffer.from([value ? 1 : 0]));
  if (typeof value === 'string') return UNORDERED_TEXT.test(value) ? undefined : ranked(RANK.string, Buffer.from(value, 'utf8'));
  const number = typeof value === 'bigint' ? Number(value) : value;
  if (typeof number === 'number') {
    const size = Math.abs(number);
    return Number.isFinite(number) && size < 1e300 && (size === 0 || size >= 1e-300) ? ranked(RANK.number, numberBytes(number)) : undefined;
  }
  if (value instanceof Date) {
    const iso = Number.isNaN(value.getTime()) ? '' : value.toISOString();
    return ISO_DATE.test(iso) ? ranked(RANK.date, Buffer.from(iso, 'utf8')) : undefined;
  }
  if (value instanceof ObjectId) return ranked(RANK.objectId, Buffer.from(value.hex, 'utf8'));
  return undefined;
}

/** Bytes as an SQL bytea literal. */
export const byteaLiteral = (bytes: Buffer): string => `'\\x${bytes.toString('hex')}'::bytea`;

/** The keys just below and just above every key of a value's type: a range never leaves its type's bracket. */
export function typeBracket(key: Buffer): { low: Buffer; high: Buffer } {
  return { low: Buffer.from([key[0]]), high: Buffer.from([key[0] + 1]) };
}
