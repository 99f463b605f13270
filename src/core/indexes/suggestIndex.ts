import type { IndexRecord } from '../api/types';
import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject } from '../json/lossless';
import { numberOf } from './numberOf';
import { generatedIndexName } from './indexDefinition';

/** A query's shape as far as an index is concerned: its filter and its order. */
export interface QueryShape {
  q?: JsonObject;
  sort?: Record<string, JsonValue>;
}

export type IndexSuggestion = { kind: 'create'; spec: Record<string, 1 | -1>; name: string; why: string } | { kind: 'none'; why: string };

/** Up to this many values, `$in` is served like an equality (the index is walked once per value). */
export const IN_AS_EQUALITY_LIMIT = 20;

const PROTOTYPE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
/** Operators over the whole document, whose fields no single index serves. */
const WHOLE_DOCUMENT_OPERATORS = new Set(['$or', '$nor', '$where', '$expr', '$text', '$comment', '$jsonSchema']);
const RANGE_OPERATORS = new Set([
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$ne',
  '$nin',
  '$regex',
  '$exists',
  '$type',
  '$all',
  '$elemMatch',
  '$size',
  '$mod',
  '$not',
]);
const GEO_OPERATORS = new Set(['$near', '$nearSphere', '$geoWithin', '$geoIntersects', '$within']);
/** Extended JSON values: an equality on a value, not an operator. */
const EXTENDED_VALUES = new Set([
  '$oid',
  '$date',
  '$numberLong',
  '$numberInt',
  '$numberDouble',
  '$numberDecimal',
  '$binary',
  '$timestamp',
  '$uuid',
]);

type Use = 'equality' | 'range' | 'unusable';

function useOfCondition(condition: JsonValue): Use {
  if (!isJsonObject(condition)) return 'equality';
  const operators = Object.keys(condition);
  if (operators.length === 0 || !operators.every((key) => key.startsWith('$'))) return 'equality';
  if (operators.some((key) => EXTENDED_VALUES.has(key))) return 'equality';
  if (operators.some((key) => GEO_OPERATORS.has(key))) return 'unusable';
  if ('$eq' in condition) return 'equality';
  const inValues = condition.$in;
  if (Array.isArray(inValues) && operators.length === 1) return inValues.length <= IN_AS_EQUALITY_LIMIT ? 'equality' : 'range';
  if (operators.some((key) => RANGE_OPERATORS.has(key) || key === '$in')) return 'range';
  return 'unusable';
}

function usablePath(path: string): boolean {
  return path !== '' && path.split('.').every((segment) => segment !== '' && !PROTOTYPE_SEGMENTS.has(segment));
}

/** The fields of a filter an index can serve, each with how, in the order they are written; `$and` is walked. */
function filterFields(q: JsonObject, into: Map<string, Use>): void {
  for (const [key, condition] of Object.entries(q)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const part of condition) if (isJsonObject(part)) filterFields(part, into);
      continue;
    }
    if (key.startsWith('$') || WHOLE_DOCUMENT_OPERATORS.has(key) || !usablePath(key)) continue;
    const use = useOfCondition(condition);
    if (use === 'unusable') continue;
    // Two conditions on one field: the equality decides where it goes.
    if (into.get(key) !== 'equality') into.set(key, use);
  }
}

function sortFields(sort: Record<string, JsonValue> | undefined): Array<[string, 1 | -1]> {
  if (!sort) return [];
  return Object.entries(sort)
    .filter(([path]) => usablePath(path) && !path.startsWith('$'))
    .map(([path, direction]) => [path, (numberOf(direction) ?? 1) < 0 ? -1 : 1]);
}

/** The key of an index as plain directions; undefined for a geo or other special index. */
function directionsOf(record: IndexRecord): Array<[string, number]> | undefined {
  const key = record.key ?? (record as Record<string, unknown>).spec;
  if (!isJsonObject(key as JsonValue)) return undefined;
  const entries: Array<[string, number]> = [];
  for (const [path, value] of Object.entries(key as JsonObject)) {
    const direction = numberOf(value);
    if (direction === undefined) return undefined;
    entries.push([path, direction < 0 ? -1 : 1]);
  }
  return entries;
}

/**
 * Whether `index` already serves `wanted`: the wanted fields are a prefix of its key in the same order and,
 * for the fields that give the order, in the same directions or all reversed (an index walks both ways).
 */
function serves(index: Array<[string, number]>, wanted: Array<[string, 1 | -1]>, sorted: Set<string>): boolean {
  if (wanted.length > index.length) return false;
  let relative = 0;
  for (const [position, [path, direction]] of wanted.entries()) {
    const [indexPath, indexDirection] = index[position];
    if (indexPath !== path) return false;
    if (!sorted.has(path)) continue;
    const sign = indexDirection === direction ? 1 : -1;
    if (relative !== 0 && sign !== relative) return false;
    relative = sign;
  }
  return true;
}

function fieldList(paths: string[]): string {
  return paths.length === 1 ? paths[0] : `${paths.slice(0, -1).join(', ')} and ${paths[paths.length - 1]}`;
}

function reasonFor(equality: string[], sort: string[], range: string[]): string {
  const parts: string[] = [];
  if (equality.length > 0) parts.push(`the equality on ${fieldList(equality)} first`);
  if (sort.length > 0) parts.push(`${parts.length > 0 ? 'then ' : ''}the sort on ${fieldList(sort)}`);
  if (range.length > 0) parts.push(`${parts.length > 0 ? 'then ' : ''}the range on ${fieldList(range)}`);
  return `Equality, sort, range: ${parts.join(', ')}.`;
}

/**
 * The index that would serve a query, by the ESR rule: the fields compared for equality first (`$in` with
 * few values counts as one), then the sort's fields in its order and directions, then the fields of a
 * range. `_id` equality is answered by the `_id_` index already; fields under `$or`, `$where` or `$expr`
 * are left out. No suggestion when an existing index already serves it.
 */
export function suggestIndex(shape: QueryShape, existing: readonly IndexRecord[]): IndexSuggestion {
  const fields = new Map<string, Use>();
  if (shape.q) filterFields(shape.q, fields);
  if (fields.get('_id') === 'equality') return { kind: 'none', why: 'The query finds its document by _id: the _id_ index answers it.' };
  const equality = [...fields].filter(([, use]) => use === 'equality').map(([path]) => path);
  const sort = sortFields(shape.sort).filter(([path]) => !equality.includes(path));
  const sortPaths = sort.map(([path]) => path);
  const range = [...fields].filter(([path, use]) => use === 'range' && !sortPaths.includes(path)).map(([path]) => path);
  const wanted: Array<[string, 1 | -1]> = [
    ...equality.map((path): [string, 1] => [path, 1]),
    ...sort,
    ...range.map((path): [string, 1] => [path, 1]),
  ];
  if (wanted.length === 0) return { kind: 'none', why: 'The query has no filter or sort an index could serve.' };
  const sorted = new Set(sortPaths);
  const serving = existing.find((record) => {
    const directions = directionsOf(record);
    return directions !== undefined && serves(directions, wanted, sorted);
  });
  if (serving) return { kind: 'none', why: `The index ${serving.name} already serves this query's shape.` };
  const spec = Object.fromEntries(wanted) as Record<string, 1 | -1>;
  return { kind: 'create', spec, name: generatedIndexName(spec), why: reasonFor(equality, sortPaths, range) };
}
