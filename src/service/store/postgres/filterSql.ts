import type { Doc, Value } from '../../bson/extendedJson';
import { isPlainObject } from '../../bson/extendedJson';
import { ObjectId } from '../../bson/objectId';
import { documentKey } from './mutationSql';
import { literal } from './literal';
import { byteaLiteral, sortKeyBytes, sortKeySql, typeBracket } from './sortKey';

/**
 * A filter as SQL over a document's `jsonb` (`doc`): `sql` holds every document the filter matches (a superset)
 * among the rows that satisfy none of `unsure`, and when `exact` exactly those, so that SQL may count and page
 * a collection holding no such row. A row that satisfies one of `unsure` (a value whose sort key is NULL:
 * sortKey.ts) is a candidate whatever `sql` says. What SQL cannot decide as the query language does (regular
 * expressions, `$ne`, nulls …) is left as `TRUE` (not exact): the service decides it with its own matcher.
 */
export interface SqlFilter {
  sql: string;
  exact: boolean;
  unsure: string[];
}

const ANYTHING: SqlFilter = { sql: 'TRUE', exact: false, unsure: [] };
/** Deeper paths are narrowed by no SQL: each segment doubles the containments an equality needs. */
const MAX_SEGMENTS = 3;

/** Text jsonb cannot hold (U+0000) or UTF-8 cannot carry as it is (a surrogate, possibly lone): left to the service. */
const UNSENDABLE = /[\0\ud800-\udfff]/;

export { literal };

/** The segments of a path SQL can follow as the query language does: none numeric (array positions), none empty. */
export function sqlPath(path: string): string[] | undefined {
  const segments = path.split('.');
  if (segments.length > MAX_SEGMENTS) return undefined;
  if (segments.some((segment) => segment === '' || /^\d+$/.test(segment) || segment.startsWith('$') || UNSENDABLE.test(segment)))
    return undefined;
  return segments;
}

/** A scalar whose `jsonb` equality is the query language's: a string, a boolean, a number a double holds exactly as an integer. */
function jsonScalar(value: Value): string | undefined {
  if (typeof value === 'string') return UNSENDABLE.test(value) ? undefined : JSON.stringify(value);
  if (typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER) return JSON.stringify(value);
  return undefined;
}

/**
 * Each shape the rest of a path may take in the document's first field: every segment an object or an array of
 * objects, the value itself or an array holding it (the query language looks one array deep at each step).
 */
function shapes(rest: string[], leaf: string): string[] {
  if (rest.length === 0) return [leaf, `[${leaf}]`];
  const inner = shapes(rest.slice(1), leaf);
  const objects = inner.map((shape) => `{${JSON.stringify(rest[0])}:${shape}}`);
  return [...objects, ...objects.map((shape) => `[${shape}]`)];
}

/** `path` equals `value` or is an array holding it: containment in the first field's `jsonb`, which a GIN index of it serves. */
function equality(segments: string[], value: Value): SqlFilter | undefined {
  const leaf = jsonScalar(value);
  if (leaf === undefined) return undefined;
  const field = `(doc -> ${literal(segments[0])})`;
  // One segment: jsonb's containment already takes a scalar as held by an array of it.
  const wanted = segments.length === 1 ? [leaf] : shapes(segments.slice(1), leaf);
  return { sql: `(${wanted.map((shape) => `${field} @> ${literal(shape)}::jsonb`).join(' OR ')})`, exact: true, unsure: [] };
}

/**
 * `path` equals `value` as the path's sort key (sortKey.ts): for every row whose key is not NULL (an array, whose
 * elements the query language looks into, and the like) the same rows as {@link equality}, on a B-tree of the key,
 * which finds a value's rows in natural order (page after page without reading every match) and counts them
 * without testing any jsonb.
 */
function keyEquality(segments: string[], value: Value): SqlFilter | undefined {
  const bytes = jsonScalar(value) === undefined ? undefined : sortKeyBytes(value);
  if (!bytes) return undefined;
  const key = sortKeySql(segments);
  return { sql: `${key} = ${byteaLiteral(bytes)}`, exact: true, unsure: [`${key} IS NULL`] };
}

function idEquality(values: Value[]): SqlFilter | undefined {
  const exactId = (value: Value) =>
    typeof value === 'string' ||
    value instanceof ObjectId ||
    value instanceof Date ||
    (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER);
  if (!values.every(exactId)) return undefined;
  return { sql: `id IN (${values.map((value) => literal(documentKey(value))).join(', ')})`, exact: true, unsure: [] };
}

/**
 * A range as SQL on the path's sort key (sortKey.ts), within the operand's type as the query language's ranges
 * are: exact for every row whose key is not NULL (an array, whose elements the service tests, and the like).
 */
function range(path: string[], operator: string, operand: Value): SqlFilter {
  const bytes = operand === null ? undefined : sortKeyBytes(operand);
  if (!bytes) return ANYTHING;
  const key = sortKeySql(path);
  const { low, high } = typeBracket(bytes);
  const [from, to] =
    operator === '$gt' || operator === '$gte'
      ? [`${key} ${operator === '$gt' ? '>' : '>='} ${byteaLiteral(bytes)}`, `${key} < ${byteaLiteral(high)}`]
      : [`${key} > ${byteaLiteral(low)}`, `${key} ${operator === '$lt' ? '<' : '<='} ${byteaLiteral(bytes)}`];
  return { sql: `(${from} AND ${to})`, exact: true, unsure: [`${key} IS NULL`] };
}

const RANGES = new Set(['$gt', '$gte', '$lt', '$lte']);

function operatorSql(path: string, operator: string, operand: Value, keyed?: string): SqlFilter {
  const segments = sqlPath(path);
  if (!segments) return ANYTHING;
  if (operator === '$eq')
    return (
      (path === '_id' && idEquality([operand])) ||
      (path === keyed && keyEquality(segments, operand)) ||
      equality(segments, operand) ||
      ANYTHING
    );
  if (operator === '$in' && Array.isArray(operand)) {
    if (operand.length === 0) return { sql: 'FALSE', exact: true, unsure: [] };
    if (path === '_id') return idEquality(operand) ?? ANYTHING;
    const each = operand.map((value) => equality(segments, value));
    if (each.some((filter) => filter === undefined)) return ANYTHING;
    return { sql: `(${each.map((filter) => filter!.sql).join(' OR ')})`, exact: true, unsure: [] };
  }
  if (operator === '$exists' && typeof operand === 'boolean' && segments.length === 1)
    return { sql: `${operand ? '' : 'NOT '}(doc ? ${literal(segments[0])})`, exact: true, unsure: [] };
  if (RANGES.has(operator)) return range(segments, operator, operand);
  return ANYTHING;
}

const both = (filters: SqlFilter[], joiner: 'AND' | 'OR'): SqlFilter => {
  const unsure = [...new Set(filters.flatMap((filter) => filter.unsure))];
  if (filters.length === 0) return { sql: joiner === 'AND' ? 'TRUE' : 'FALSE', exact: true, unsure };
  // An OR keeps every part, TRUE ones too: their parameters must stay in the statement (PostgreSQL simplifies it).
  const parts = filters.map((filter) => filter.sql).filter((sql) => joiner === 'OR' || sql !== 'TRUE');
  return { sql: parts.length === 0 ? 'TRUE' : `(${parts.join(` ${joiner} `)})`, exact: filters.every((filter) => filter.exact), unsure };
};

function fieldSql(path: string, condition: Value, keyed?: string): SqlFilter {
  const operators =
    isPlainObject(condition) && Object.keys(condition).length > 0 && Object.keys(condition).every((key) => key.startsWith('$'));
  if (!operators) return operatorSql(path, '$eq', condition, keyed);
  return both(
    Object.entries(condition as Doc).map(([operator, operand]) => operatorSql(path, operator, operand, keyed)),
    'AND',
  );
}

/**
 * The SQL of a filter the service has already checked (compileFilter): field conditions and `$and`/`$or` of
 * them; anything else narrows nothing. `keyed`: a path whose equalities are written on its sort key
 * ({@link keyEquality}), for a collection with a B-tree of that key.
 */
export function filterSql(q: Doc, keyed?: string): SqlFilter {
  const parts = Object.entries(q).map(([key, condition]): SqlFilter => {
    if ((key === '$and' || key === '$or') && Array.isArray(condition) && condition.every(isPlainObject))
      return both(
        condition.map((clause) => filterSql(clause as Doc, keyed)),
        key === '$and' ? 'AND' : 'OR',
      );
    if (key.startsWith('$')) return ANYTHING;
    return fieldSql(key, condition, keyed);
  });
  return both(parts, 'AND');
}

/** The value of an equality of `path` at the top level of `q` (a scalar or `{$eq: …}` as its condition), if any. */
function equalityValue(q: Doc, path: string): Value | undefined {
  if (!Object.prototype.hasOwnProperty.call(q, path)) return undefined;
  const condition = q[path];
  const value = isPlainObject(condition) && Object.keys(condition).length === 1 && '$eq' in condition ? condition.$eq : condition;
  return jsonScalar(value) === undefined ? undefined : value;
}

/** Whether `q` holds an equality of `path` at its top level (a scalar or `{$eq: …}` as its condition). */
export const topLevelEquality = (q: Doc, path: string): boolean => equalityValue(q, path) !== undefined;

/** The sort key `q` asks `path` to equal when that equality is all `q` asks (what {@link keyEquality} writes). */
export function onlyKeyEquality(q: Doc, path: string): Buffer | undefined {
  const value = Object.keys(q).length === 1 ? equalityValue(q, path) : undefined;
  return value === undefined ? undefined : sortKeyBytes(value);
}
