import type { Doc } from '../bson/extendedJson';
import { fromExtendedJson, isPlainObject } from '../bson/extendedJson';
import { parseStoredJson } from '../bson/storedJson';
import { badRequest } from '../errors';

export type Body = Record<string, unknown>;

export function requireString(body: Body, member: string): string {
  const value = body[member];
  if (value === undefined) throw badRequest(`The body needs "${member}" (a string)`);
  if (typeof value !== 'string') throw badRequest(`"${member}" must be a string`);
  return value;
}

export function optionalBoolean(body: Body, member: string, fallback: boolean): boolean {
  const value = body[member];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw badRequest(`"${member}" must be true or false`);
  return value;
}

export function optionalNumber(body: Body, member: string): number | undefined {
  const value = body[member];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`"${member}" must be a number`);
  return value;
}

/** A JSON object member, converted from extended JSON. */
export function requireDocument(body: Body, member: string): Doc {
  const value = body[member];
  if (value === undefined) throw badRequest(`The body needs "${member}" (a JSON object)`);
  if (!isPlainObject(value)) throw badRequest(`"${member}" must be a JSON object`);
  return fromExtendedJson(value, `"${member}"`) as Doc;
}

/** A query-string parameter carrying JSON text (`q`, `fields`, `sort`). */
export function queryJson(query: URLSearchParams, name: string): unknown {
  const text = query.get(name);
  if (text === null || text.trim() === '') return undefined;
  try {
    return parseStoredJson(text);
  } catch (error) {
    throw badRequest(`The "${name}" parameter is not valid JSON: ${(error as Error).message}`);
  }
}

export function queryDocument(query: URLSearchParams, name: string): Doc | undefined {
  const value = queryJson(query, name);
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) throw badRequest(`The "${name}" parameter must be a JSON object`);
  return fromExtendedJson(value, `"${name}"`) as Doc;
}

export function queryInteger(query: URLSearchParams, name: string): number | undefined {
  const text = query.get(name);
  if (text === null || text === '') return undefined;
  if (!/^\d{1,15}$/.test(text)) throw badRequest(`The "${name}" parameter must be a non-negative integer`);
  return Number(text);
}
