import type { IndexDefinition } from '../api/types';
import type { JsonValue } from '../json/lossless';
import { isJsonObject, LosslessNumber, parseLossless } from '../json/lossless';

/** What a field of an index holds: an ascending or descending order, or a kind of geo index. */
export type IndexKind = 1 | -1 | '2d' | '2dsphere';

export function isGeoKind(kind: IndexKind): kind is '2d' | '2dsphere' {
  return kind === '2d' || kind === '2dsphere';
}

/** The name the database gives an index it was not asked to name: `name_1`, `a_1_b_-1`, `loc_2d`. */
export function generatedIndexName(spec: IndexDefinition['spec']): string {
  return Object.entries(spec)
    .map(([field, kind]) => `${field}_${kind instanceof LosslessNumber ? kind.text : String(kind)}`)
    .join('_');
}

export class IndexBodyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexBodyError';
  }
}

const bodyMembers = new Set(['spec', 'background', 'unique', 'drop_dups', 'min', 'max']);

function toKind(field: string, value: JsonValue): IndexKind {
  const number = value instanceof LosslessNumber ? Number(value.text) : value;
  if (number === 1 || number === -1 || number === '2d' || number === '2dsphere') return number;
  throw new IndexBodyError(`"spec"."${field}" must be 1, -1, "2d" or "2dsphere".`);
}

function toOptionalBoolean(body: Record<string, JsonValue>, member: string): boolean | undefined {
  const value = body[member];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new IndexBodyError(`"${member}" must be true or false.`);
  return value;
}

function toOptionalNumber(body: Record<string, JsonValue>, member: string): number | null | undefined {
  const value = body[member];
  if (value === undefined || value === null) return value;
  if (value instanceof LosslessNumber) return Number(value.text);
  if (typeof value === 'number') return value;
  throw new IndexBodyError(`"${member}" must be a number or null.`);
}

/**
 * Reads the JSON body of an index creation as a user wrote it, refusing whatever the service would
 * not take as the interface describes it. Nothing is sent unless this succeeds.
 */
export function parseIndexBody(text: string): IndexDefinition {
  let body: JsonValue;
  try {
    body = parseLossless(text, { rejectDuplicateKeys: true });
  } catch (error) {
    throw new IndexBodyError(`The index is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isJsonObject(body)) throw new IndexBodyError('The index must be a JSON object with a "spec" member.');
  const unknown = Object.keys(body).filter((member) => !bodyMembers.has(member));
  if (unknown.length > 0) {
    throw new IndexBodyError(
      `Unknown member${unknown.length > 1 ? 's' : ''} ${unknown.map((m) => `"${m}"`).join(', ')}: an index takes spec, background, unique, drop_dups, min and max.`,
    );
  }
  const spec = body.spec;
  if (!isJsonObject(spec) || Object.keys(spec).length === 0) {
    throw new IndexBodyError('"spec" must map at least one field to 1, -1, "2d" or "2dsphere", e.g. {"name": 1}.');
  }
  const definition: IndexDefinition = { spec: {} };
  for (const [field, value] of Object.entries(spec)) definition.spec[field] = toKind(field, value);
  const background = toOptionalBoolean(body, 'background');
  const unique = toOptionalBoolean(body, 'unique');
  const dropDups = toOptionalBoolean(body, 'drop_dups');
  const min = toOptionalNumber(body, 'min');
  const max = toOptionalNumber(body, 'max');
  if (background !== undefined) definition.background = background;
  if (unique !== undefined) definition.unique = unique;
  if (dropDups !== undefined) definition.drop_dups = dropDups;
  if (min !== undefined) definition.min = min;
  if (max !== undefined) definition.max = max;
  if (typeof min === 'number' && typeof max === 'number' && min >= max) throw new IndexBodyError('"min" must be less than "max".');
  return definition;
}
