import type { JsonValue } from '../json/lossless';
import { LosslessNumber, isJsonObject } from '../json/lossless';

/** The kinds a value can be; extended-JSON wrappers such as `{"$oid": …}` count as the type they stand for. */
export type ValueType =
  | 'string'
  | 'number'
  | 'boolean'
  | 'null'
  | 'object'
  | 'array'
  | 'objectId'
  | 'date'
  | 'long'
  | 'decimal'
  | 'binary'
  | 'regex'
  | 'timestamp';

export interface TypeShare {
  type: ValueType;
  /** Values of this type seen at the path. */
  count: number;
}

export interface FieldSchema {
  /** Dot path as queries write it: `address.city`; fields of objects inside arrays as `items.sku`. */
  path: string;
  /** Sampled documents holding the path at least once. */
  documents: number;
  /** Types of the values at the path, most frequent first. */
  types: TypeShare[];
  /** For arrays: the types of their elements, most frequent first. */
  elementTypes?: TypeShare[];
}

export interface CollectionSchema {
  /** Documents the schema was inferred from. */
  sampled: number;
  /** Every path seen, in document order of first sight. */
  fields: FieldSchema[];
  /** True when paths beyond {@link MAX_FIELDS} or deeper than {@link MAX_DEPTH} were left out. */
  truncated: boolean;
}

/** Bounds what one sample can cost: a collection of arbitrary documents must not fill memory. */
export const MAX_FIELDS = 2000;
export const MAX_DEPTH = 20;

const EXTENDED_TYPES: Readonly<Record<string, ValueType>> = {
  $oid: 'objectId',
  $date: 'date',
  $numberLong: 'long',
  $numberDecimal: 'decimal',
  $binary: 'binary',
  $regex: 'regex',
  $timestamp: 'timestamp',
};

export function typeOf(value: JsonValue): ValueType {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number' || value instanceof LosslessNumber) return 'number';
  if (Array.isArray(value)) return 'array';
  const keys = Object.keys(value);
  const wrapped = keys.length >= 1 && keys.length <= 2 ? EXTENDED_TYPES[keys[0] as string] : undefined;
  return wrapped ?? 'object';
}

interface Tally {
  path: string;
  documents: number;
  lastDocument: number;
  types: Map<ValueType, number>;
  elementTypes?: Map<ValueType, number>;
}

const byCount = (tally: Map<ValueType, number>): TypeShare[] =>
  [...tally].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count);

const bump = (tally: Map<ValueType, number>, type: ValueType) => tally.set(type, (tally.get(type) ?? 0) + 1);

/**
 * Incrementally infers the field paths of a collection from sampled documents: add pages as they
 * come, read the schema at the end. Objects inside arrays (nested arrays too) give their fields under
 * the array's path, as queries address them.
 */
export class SchemaBuilder {
  private readonly tallies = new Map<string, Tally>();
  private sampled = 0;
  private truncated = false;

  add(document: JsonValue): void {
    this.sampled++;
    if (isJsonObject(document)) this.visitObject(document, '', 1);
  }

  addAll(documents: readonly JsonValue[]): void {
    for (const document of documents) this.add(document);
  }

  result(): CollectionSchema {
    const fields = [...this.tallies.values()].map((tally): FieldSchema => ({
      path: tally.path,
      documents: tally.documents,
      types: byCount(tally.types),
      ...(tally.elementTypes ? { elementTypes: byCount(tally.elementTypes) } : {}),
    }));
    return { sampled: this.sampled, fields, truncated: this.truncated };
  }

  private visitObject(object: Record<string, JsonValue>, prefix: string, depth: number): void {
    if (depth > MAX_DEPTH) {
      this.truncated = true;
      return;
    }
    for (const [key, value] of Object.entries(object)) this.visitValue(`${prefix}${key}`, value, depth);
  }

  private visitValue(path: string, value: JsonValue, depth: number): void {
    const tally = this.tallyOf(path);
    if (!tally) return;
    if (tally.lastDocument !== this.sampled) {
      tally.lastDocument = this.sampled;
      tally.documents++;
    }
    const type = typeOf(value);
    bump(tally.types, type);
    if (type === 'object') this.visitObject(value as Record<string, JsonValue>, `${path}.`, depth + 1);
    else if (type === 'array') this.visitElements(tally, path, value as JsonValue[], depth);
  }

  private visitElements(tally: Tally, path: string, elements: JsonValue[], depth: number): void {
    tally.elementTypes ??= new Map();
    for (const element of elements) {
      const type = typeOf(element);
      bump(tally.elementTypes, type);
      if (type === 'object') this.visitObject(element as Record<string, JsonValue>, `${path}.`, depth + 1);
      else if (type === 'array') this.visitNested(path, element as JsonValue[], depth + 1);
    }
  }

  /** Arrays of arrays: their objects' fields still sit under the outer array's path. */
  private visitNested(path: string, elements: JsonValue[], depth: number): void {
    if (depth > MAX_DEPTH) {
      this.truncated = true;
      return;
    }
    for (const element of elements) {
      const type = typeOf(element);
      if (type === 'object') this.visitObject(element as Record<string, JsonValue>, `${path}.`, depth + 1);
      else if (type === 'array') this.visitNested(path, element as JsonValue[], depth + 1);
    }
  }

  private tallyOf(path: string): Tally | undefined {
    const existing = this.tallies.get(path);
    if (existing) return existing;
    if (this.tallies.size >= MAX_FIELDS) {
      this.truncated = true;
      return undefined;
    }
    const tally: Tally = { path, documents: 0, lastDocument: 0, types: new Map() };
    this.tallies.set(path, tally);
    return tally;
  }
}

/** The field at a path, whatever array positions or positional operators the path names (`items.0.sku`, `items.$.sku`). */
export function findField(schema: CollectionSchema, path: string): FieldSchema | undefined {
  const plain = path
    .split('.')
    .filter((segment) => !/^(\d+|\$|\$\[[^\]]*\])$/.test(segment))
    .join('.');
  return schema.fields.find((field) => field.path === plain);
}
