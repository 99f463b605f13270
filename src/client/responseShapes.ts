import { LosslessNumber, isJsonObject, stringifyLossless } from '../core/json/lossless';
import type { JsonObject, JsonValue } from '../core/json/lossless';
import type { DeploymentLogEntry } from '../core/api/types';

/** The body parsed, but not in the shape an endpoint answers with; the message says what was expected. */
export class UnexpectedShape extends Error {}

export function describeJson(value: JsonValue | undefined): string {
  if (value === undefined) return 'an empty body';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof LosslessNumber || typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return `${value}`;
  if (typeof value === 'string') return 'a text';
  return 'an object';
}

function asKey(value: JsonValue | undefined, keepNumbers: boolean): string | number | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return keepNumbers ? value : String(value);
  if (value instanceof LosslessNumber) return value.text;
  return undefined;
}

/** Typed numeric fields arrive as {@link LosslessNumber} when written like `1.0`; records carry them as numbers. */
const NUMERIC_FIELDS = ['count', 'price'];

export interface RecordShape {
  /** The field that names the record: `name`, `id` or `slug`. */
  key: string;
  /** Fields to name the record by when `key` is missing. */
  fallbacks: string[];
  /** Whether a numeric key stays a number (invoice ids) instead of becoming text. */
  numericKey: boolean;
}

/** One record from whatever the service sent: objects kept with every field, plain values become `{[key]: value}`. */
export function toRecord(item: JsonValue, shape: RecordShape, defaultKey?: string): JsonObject & Record<string, unknown> {
  if (!isJsonObject(item)) {
    return { [shape.key]: asKey(item, shape.numericKey) ?? stringifyLossless(item) };
  }
  const record: JsonObject = { ...item };
  let key = asKey(item[shape.key], shape.numericKey);
  for (const field of shape.fallbacks) key ??= asKey(item[field], shape.numericKey);
  record[shape.key] = key ?? defaultKey ?? stringifyLossless(item);
  for (const field of NUMERIC_FIELDS) {
    const value = record[field];
    if (value instanceof LosslessNumber && Number.isFinite(Number(value.text))) record[field] = Number(value.text);
  }
  return record;
}

export function toRecordList(value: JsonValue | undefined, shape: RecordShape, what: string): Array<JsonObject & Record<string, unknown>> {
  if (!Array.isArray(value)) throw new UnexpectedShape(`expected a list of ${what}, got ${describeJson(value)}`);
  return value.map((item) => toRecord(item, shape));
}

export function toObject(value: JsonValue | undefined, what: string): JsonObject {
  if (!isJsonObject(value)) throw new UnexpectedShape(`expected ${what} as a JSON object, got ${describeJson(value)}`);
  return value;
}

export function toDocuments(value: JsonValue | undefined): JsonObject[] {
  if (!Array.isArray(value)) throw new UnexpectedShape(`expected a list of documents, got ${describeJson(value)}`);
  return value.map((item, index) => {
    if (!isJsonObject(item)) throw new UnexpectedShape(`item ${index + 1} of the list is ${describeJson(item)}, not a document`);
    return item;
  });
}

function logText(value: JsonValue): string {
  return typeof value === 'string' ? value : stringifyLossless(value, 2);
}

function toLogEntry(item: JsonValue): DeploymentLogEntry {
  if (!isJsonObject(item) || !('log' in item)) return { log: logText(item) };
  const entry: DeploymentLogEntry = { log: logText(item.log) };
  const member = asKey(item.member, false);
  if (member !== undefined) entry.member = String(member);
  return entry;
}

/**
 * A deployment's log in any of the shapes seen: `[{member, log}]`, a plain text, a list of texts, or
 * `{log: …}`. Anything else is kept as JSON text, never dropped.
 */
export function toDeploymentLog(value: JsonValue | undefined): DeploymentLogEntry[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map(toLogEntry);
  if (isJsonObject(value) && Array.isArray(value.log)) {
    const member = asKey(value.member, false);
    return value.log.map((item) => {
      const entry = toLogEntry(item);
      if (entry.member === undefined && member !== undefined) entry.member = String(member);
      return entry;
    });
  }
  return [toLogEntry(value)];
}
