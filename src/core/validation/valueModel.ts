import { LosslessNumber } from '../json/lossless';
import { RulesLimitError } from './rulesTypes';

/** The type names of `bsonType`; `number` stands for any numeric one. */
export const BSON_TYPES: ReadonlySet<string> = new Set([
  'double',
  'string',
  'object',
  'array',
  'binData',
  'undefined',
  'objectId',
  'bool',
  'date',
  'null',
  'regex',
  'dbPointer',
  'javascript',
  'symbol',
  'javascriptWithScope',
  'int',
  'timestamp',
  'long',
  'decimal',
  'minKey',
  'maxKey',
  'number',
]);

/** The type names of JSON Schema's `type`, as the database accepts them (no `integer`). */
export const JSON_TYPES: ReadonlySet<string> = new Set(['object', 'array', 'number', 'boolean', 'string', 'null']);

/** How the checker sees a value: the part of the document model that differs between the service (stored values) and the extension (extended JSON). */
export interface ValueModel {
  /** The value's BSON type name (`double`, `int`, `long`, `objectId`, `object` …). */
  kindOf(value: unknown): string;
  /** The number a numeric value stands for, or undefined for any other value. */
  numberOf(value: unknown): number | undefined;
  /** A text equal for two values exactly when they are equal (object members in any order). */
  keyOf(value: unknown): string;
}

/** The most deeply nested value {@link ValueModel.keyOf} compares; the service stores nothing deeper than 100 levels. */
const MAX_KEY_DEPTH = 200;
const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);

const EXTENDED_KINDS: Record<string, string> = {
  $oid: 'objectId',
  $date: 'date',
  $numberLong: 'long',
  $numberInt: 'int',
  $numberDouble: 'double',
  $numberDecimal: 'decimal',
  $binary: 'binData',
  $timestamp: 'timestamp',
  $regularExpression: 'regex',
  $minKey: 'minKey',
  $maxKey: 'maxKey',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** The extended-JSON wrapper a plain object is (`{"$oid": …}`), or undefined. */
function extendedKind(value: Record<string, unknown>): string | undefined {
  const keys = Object.keys(value);
  if (keys.length === 1 && Object.prototype.hasOwnProperty.call(EXTENDED_KINDS, keys[0])) return EXTENDED_KINDS[keys[0]];
  if (keys.length === 2 && keys.includes('$regex') && keys.includes('$options')) return 'regex';
  return undefined;
}

function numberKind(value: number): string {
  return Number.isInteger(value) ? (value >= INT32_MIN && value <= INT32_MAX ? 'int' : 'long') : 'double';
}

/** Another value the model knows (the service's object ids): its kind and its key, or undefined. */
export type OpaqueValue = (value: unknown) => { kind: string; key: string } | undefined;

/**
 * The model of parsed JSON with extended-JSON wrappers (`{"$oid"}`, `{"$date"}`, `{"$numberLong"}` …), Dates and
 * bigints; `opaque` adds kinds of its own (class instances). JSON cannot tell 5 from 5.0: an integer is an `int`
 * (or a `long` beyond 32 bits), and `double` accepts any number (see schemaTypes.ts).
 */
export function createValueModel(opaque?: OpaqueValue): ValueModel {
  const kindOf = (value: unknown): string => {
    if (value === null) return 'null';
    if (value === undefined) return 'undefined';
    if (typeof value === 'string') return 'string';
    if (typeof value === 'boolean') return 'bool';
    if (typeof value === 'number') return numberKind(value);
    if (typeof value === 'bigint') return 'long';
    if (Array.isArray(value)) return 'array';
    if (value instanceof Date) return 'date';
    if (value instanceof LosslessNumber) return /^-?\d+$/.test(value.text) ? numberKind(Number(value.text)) : 'double';
    const other = opaque?.(value);
    if (other) return other.kind;
    if (isRecord(value)) return extendedKind(value) ?? 'object';
    return 'object';
  };
  const numberOf = (value: unknown): number | undefined => {
    if (typeof value === 'number') return value;
    if (typeof value === 'bigint') return Number(value);
    if (value instanceof LosslessNumber) return Number(value.text);
    if (!isRecord(value)) return undefined;
    const kind = extendedKind(value);
    if (kind !== 'long' && kind !== 'int' && kind !== 'double' && kind !== 'decimal') return undefined;
    const text = Object.values(value)[0];
    const number = typeof text === 'string' ? Number(text) : NaN;
    return Number.isNaN(number) && text !== 'NaN' ? undefined : number;
  };
  const keyOf = (value: unknown, depth = 0): string => {
    if (depth > MAX_KEY_DEPTH) throw new RulesLimitError(`a value is nested deeper than ${MAX_KEY_DEPTH} levels`);
    const number = numberOf(value);
    if (number !== undefined) return `n${Object.is(number, -0) ? 0 : number}`;
    if (value === null || value === undefined) return 'z';
    if (typeof value === 'string') return `s${JSON.stringify(value)}`;
    if (typeof value === 'boolean') return `b${value}`;
    if (value instanceof Date) return `d${value.getTime()}`;
    const other = opaque?.(value);
    if (other) return other.key;
    if (Array.isArray(value)) return `[${value.map((item) => keyOf(item, depth + 1)).join(',')}]`;
    if (typeof value === 'object') {
      const entries = Object.keys(value)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${keyOf((value as Record<string, unknown>)[key], depth + 1)}`);
      return `{${entries.join(',')}}`;
    }
    return `?${String(value)}`;
  };
  return { kindOf, numberOf, keyOf: (value) => keyOf(value) };
}

/** The model for documents as the extension holds them: parsed JSON with extended-JSON wrappers. */
export const EXTENDED_JSON_MODEL: ValueModel = createValueModel();
