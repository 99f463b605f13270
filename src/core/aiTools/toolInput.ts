import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject } from '../json/lossless';

/** A tool input the tool cannot use; the message tells the model what to send instead. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}

const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_DEPTH = 100;
const MAX_NAME_LENGTH = 200;

/** The input as an object whose members are all among `allowed`. */
export function inputObject(input: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  if (!isJsonObject(input)) throw new ToolInputError('The input must be a JSON object.');
  const unknown = Object.keys(input).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    const accepted = allowed.length > 0 ? `it takes ${allowed.map((key) => `"${key}"`).join(', ')}` : 'it takes none';
    throw new ToolInputError(`Unknown input ${unknown.map((key) => `"${key}"`).join(', ')}: ${accepted}.`);
  }
  return input;
}

function checkText(text: string, what: string): void {
  if (LONE_SURROGATE.test(text)) throw new ToolInputError(`${what} holds a lone UTF-16 surrogate, which is not text: send valid Unicode.`);
}

/** A database, collection or deployment name: a non-empty string. */
export function requiredName(input: Record<string, unknown>, key: string): string {
  const value = input[key];
  if (typeof value !== 'string' || value.trim() === '') throw new ToolInputError(`"${key}" is required: a non-empty string.`);
  if (value.length > MAX_NAME_LENGTH) throw new ToolInputError(`"${key}" is longer than ${MAX_NAME_LENGTH} characters.`);
  if (/\p{Cc}/u.test(value)) throw new ToolInputError(`"${key}" holds a control character.`);
  checkText(value, `"${key}"`);
  return value;
}

/** Refuses prototype names in any field path and text that is not Unicode, anywhere in the value; linear in its size. */
function checkJson(value: unknown, where: string, depth: number): void {
  if (depth > MAX_DEPTH) throw new ToolInputError(`${where} nests deeper than ${MAX_DEPTH} levels.`);
  if (typeof value === 'string') return checkText(value, where);
  if (Array.isArray(value)) return value.forEach((item) => checkJson(item, where, depth + 1));
  if (!isJsonObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    checkText(key, where);
    const refused = key.split('.').find((segment) => PROTOTYPE_NAMES.has(segment));
    if (refused !== undefined) {
      throw new ToolInputError(
        `${where}: the field path ${JSON.stringify(key)} names "${refused}", which is refused ("__proto__", "constructor" and "prototype" are never field names).`,
      );
    }
    checkJson(item, where, depth + 1);
  }
}

export function optionalObject(input: Record<string, unknown>, key: string): JsonObject | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) throw new ToolInputError(`"${key}" must be a JSON object, e.g. {"status": "paid"}; got ${describe(value)}.`);
  checkJson(value, `"${key}"`, 0);
  return value;
}

export function requiredObject(input: Record<string, unknown>, key: string): JsonObject {
  const value = optionalObject(input, key);
  if (value === undefined) throw new ToolInputError(`"${key}" is required: a JSON object.`);
  return value;
}

/** Update operators only: a replacement document would wipe every field it does not name. */
export function updateOperators(input: Record<string, unknown>, key: string): JsonObject {
  const update = requiredObject(input, key);
  const keys = Object.keys(update);
  if (keys.length === 0) throw new ToolInputError(`"${key}" is empty: give at least one operator, e.g. {"$set": {"status": "shipped"}}.`);
  const plain = keys.filter((name) => !name.startsWith('$'));
  if (plain.length > 0) {
    throw new ToolInputError(
      `"${key}" must hold update operators only; ${plain.map((name) => `"${name}"`).join(', ')} is not one. To change a field write {"$set": {"${plain[0]}": …}}.`,
    );
  }
  return update;
}

export function optionalInteger(input: Record<string, unknown>, key: string, min: number, max: number, fallback: number): number {
  const value = input[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ToolInputError(`"${key}" must be a whole number from ${min} to ${max.toLocaleString('en-US')}; got ${describe(value)}.`);
  }
  return value;
}

export function optionalBoolean(input: Record<string, unknown>, key: string): boolean | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new ToolInputError(`"${key}" must be true or false; got ${describe(value)}.`);
  return value;
}

/** The `_id` input: a string, a number or `{"$oid": "<24 hex>"}`. */
export function documentId(input: Record<string, unknown>, key = 'id'): JsonValue {
  const value = input[key];
  if (typeof value === 'string' && value !== '') {
    checkText(value, `"${key}"`);
    return value;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (isJsonObject(value) && Object.keys(value).length === 1 && typeof value.$oid === 'string') {
    if (!/^[0-9a-fA-F]{24}$/.test(value.$oid)) throw new ToolInputError(`"${key}".$oid must be 24 hexadecimal digits.`);
    return value;
  }
  throw new ToolInputError(
    `"${key}" is required: the document's _id, as {"$oid": "<24 hex>"} for an object id, else its string or number.`,
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}
