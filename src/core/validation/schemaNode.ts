import type { RE2JS } from 're2js';

/** A bound of `minimum`/`maximum`. */
export interface Bound {
  value: number;
  exclusive: boolean;
}

/** One `$jsonSchema` (sub)schema, checked and compiled: only the keywords it holds are set. */
export interface SchemaNode {
  /** The rule path of this schema from the top of `$jsonSchema` (`properties.price`); empty at the top. */
  rule: string;
  types?: { keyword: 'bsonType' | 'type'; names: string[] };
  required?: string[];
  /** Own properties only, as pairs: a schema naming `constructor` never reaches an inherited member. */
  properties?: [string, SchemaNode][];
  additionalProperties?: boolean | SchemaNode;
  minProperties?: number;
  maxProperties?: number;
  minimum?: Bound;
  maximum?: Bound;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: { source: string; regex: RE2JS };
  enum?: { values: unknown[]; keys: Set<string> };
  items?: SchemaNode | SchemaNode[];
  additionalItems?: boolean | SchemaNode;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  not?: SchemaNode;
}

/** Joins rule or document path segments with dots, leaving out an empty start. */
export const joinPath = (base: string, segment: string | number): string => (base === '' ? String(segment) : `${base}.${segment}`);
