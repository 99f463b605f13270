import type { Segment } from 'jsonc-parser';
import { getLocation } from 'jsonc-parser';
import type { FieldSchema } from '../schema/inferSchema';
import { VALIDATION_ACTIONS, VALIDATION_LEVELS } from '../validation/rulesTypes';

/** One thing that can go where the cursor is in a rules file. */
export interface RulesSuggestion {
  label: string;
  kind: 'keyword' | 'type' | 'field' | 'setting';
  detail: string;
}

/** The `$jsonSchema` keywords the service's checker keeps, with what each asks of a value. */
export const SCHEMA_KEYWORDS: Readonly<Record<string, string>> = {
  bsonType: 'the value’s BSON type, or a list of them',
  type: 'the value’s JSON Schema type, or a list of them',
  required: 'fields the object must have',
  properties: 'a schema for each named field',
  additionalProperties: 'false, or a schema for fields not named in properties',
  minimum: 'the smallest number allowed',
  maximum: 'the largest number allowed',
  exclusiveMinimum: 'true: the minimum itself is not allowed',
  exclusiveMaximum: 'true: the maximum itself is not allowed',
  multipleOf: 'the number must be a multiple of this',
  minLength: 'the shortest string allowed',
  maxLength: 'the longest string allowed',
  pattern: 'a regular expression (RE2) the string must match',
  enum: 'the values allowed',
  items: 'a schema for each element of the array',
  additionalItems: 'false, or a schema for elements past items',
  minItems: 'the fewest elements allowed',
  maxItems: 'the most elements allowed',
  uniqueItems: 'true: no element twice',
  minProperties: 'the fewest fields allowed',
  maxProperties: 'the most fields allowed',
  anyOf: 'schemas of which at least one must hold',
  allOf: 'schemas that must all hold',
  oneOf: 'schemas of which exactly one must hold',
  not: 'a schema that must not hold',
  description: 'a note for people; not checked',
  title: 'a name for people; not checked',
};

export const BSON_TYPES: readonly string[] = [
  'double',
  'string',
  'object',
  'array',
  'binData',
  'objectId',
  'bool',
  'date',
  'null',
  'regex',
  'int',
  'timestamp',
  'long',
  'decimal',
  'number',
];

/** Where in a schema a path leads: a schema object, a `properties` object, or neither; with the field path so far. */
type SchemaPlace = { kind: 'schema' | 'properties' | 'required' | 'bsonType' | 'other'; prefix: string };

const SCHEMA_VALUED = new Set(['additionalProperties', 'additionalItems', 'not']);
const SCHEMA_LISTS = new Set(['anyOf', 'allOf', 'oneOf']);

/** Follows `segments` from a `$jsonSchema` object. */
function placeIn(segments: readonly Segment[]): SchemaPlace {
  let place: SchemaPlace = { kind: 'schema', prefix: '' };
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    if (place.kind === 'properties') {
      place = { kind: 'schema', prefix: `${place.prefix}${String(segment)}.` };
    } else if (place.kind === 'schema') {
      if (segment === 'properties') place = { kind: 'properties', prefix: place.prefix };
      else if (segment === 'required') place = { kind: 'required', prefix: place.prefix };
      else if (segment === 'bsonType' || segment === 'type') place = { kind: 'bsonType', prefix: place.prefix };
      else if (SCHEMA_VALUED.has(String(segment))) place = { kind: 'schema', prefix: place.prefix };
      else if (segment === 'items') {
        if (typeof segments[index + 1] === 'number') index++;
        place = { kind: 'schema', prefix: place.prefix };
      } else if (SCHEMA_LISTS.has(String(segment)) && typeof segments[index + 1] === 'number') {
        index++;
        place = { kind: 'schema', prefix: place.prefix };
      } else return { kind: 'other', prefix: place.prefix };
    } else if ((place.kind === 'required' || place.kind === 'bsonType') && typeof segment === 'number') {
      if (index !== segments.length - 1) return { kind: 'other', prefix: place.prefix };
    } else return { kind: 'other', prefix: place.prefix };
  }
  return place;
}

/** The sampled fields directly under `prefix` (`address.` → `city`, `zip`). */
function fieldsUnder(prefix: string, fields: readonly FieldSchema[]): RulesSuggestion[] {
  const names = new Map<string, FieldSchema>();
  for (const field of fields) {
    if (!field.path.startsWith(prefix)) continue;
    const rest = field.path.slice(prefix.length);
    if (rest !== '' && !rest.includes('.') && !names.has(rest)) names.set(rest, field);
  }
  return [...names].map(([label, field]) => ({
    label,
    kind: 'field',
    detail: `sampled: ${field.types.map((share) => share.type).join(', ')}`,
  }));
}

/** What can go at `offset` of a rules file's text: schema keywords, BSON type names, sampled fields, levels and actions. */
export function rulesSuggestions(text: string, offset: number, fields: readonly FieldSchema[]): RulesSuggestion[] {
  const location = getLocation(text, offset);
  const path = location.path;
  if (path.length === 1 && !location.isAtPropertyKey) {
    if (path[0] === 'validationLevel') return VALIDATION_LEVELS.map((label) => ({ label, kind: 'setting', detail: 'validationLevel' }));
    if (path[0] === 'validationAction') return VALIDATION_ACTIONS.map((label) => ({ label, kind: 'setting', detail: 'validationAction' }));
  }
  if (path[0] !== 'validator') return [];
  if (path.length === 2 && location.isAtPropertyKey)
    return [{ label: '$jsonSchema', kind: 'keyword', detail: 'a JSON Schema every document must keep' }];
  if (path[1] !== '$jsonSchema') return [];
  const inner = path.slice(2);
  const place = location.isAtPropertyKey ? placeIn(inner.slice(0, -1)) : placeIn(inner);
  if (location.isAtPropertyKey && place.kind === 'schema')
    return Object.entries(SCHEMA_KEYWORDS).map(([label, detail]) => ({ label, kind: 'keyword', detail }));
  if (location.isAtPropertyKey && place.kind === 'properties') return fieldsUnder(place.prefix, fields);
  if (!location.isAtPropertyKey && place.kind === 'bsonType' && inner.filter((segment) => typeof segment === 'string').pop() === 'bsonType')
    return BSON_TYPES.map((label) => ({ label, kind: 'type', detail: 'bsonType' }));
  if (!location.isAtPropertyKey && place.kind === 'required') return fieldsUnder(place.prefix, fields);
  return [];
}
