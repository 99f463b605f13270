import { RE2JS } from 're2js';
import type { Bound, SchemaNode } from './schemaNode';
import { joinPath } from './schemaNode';
import { InvalidRulesError } from './rulesTypes';
import type { ValueModel } from './valueModel';
import { BSON_TYPES, JSON_TYPES } from './valueModel';

/** Subschemas nested deeper than this are refused, so that no check recurses without bound. */
export const MAX_SCHEMA_DEPTH = 32;
/** (Sub)schemas one validator may hold. */
export const MAX_SCHEMA_NODES = 2000;
const MAX_PATTERN_LENGTH = 4096;

/** Keywords the database accepts in `$jsonSchema` that only describe. */
const ANNOTATIONS = new Set(['description', 'title']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (record: Record<string, unknown>, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

/** Compiles one validator's `$jsonSchema`; keeps count of the subschemas across the whole validator. */
class SchemaCompiler {
  private nodes = 0;

  constructor(private readonly model: ValueModel) {}

  compile(raw: unknown, rule: string, depth: number): SchemaNode {
    const where = rule === '' ? '$jsonSchema' : `$jsonSchema.${rule}`;
    if (!isRecord(raw)) throw this.invalid(where, 'must be an object (a schema)');
    if (depth > MAX_SCHEMA_DEPTH) throw this.invalid(where, `is nested deeper than ${MAX_SCHEMA_DEPTH} levels of subschemas`);
    if (++this.nodes > MAX_SCHEMA_NODES) throw new InvalidRulesError(`$jsonSchema holds more than ${MAX_SCHEMA_NODES} schemas`);
    const node: SchemaNode = { rule };
    for (const keyword of Object.keys(raw)) this.keyword(node, keyword, raw[keyword], raw, depth);
    if (node.types && own(raw, 'type') && own(raw, 'bsonType'))
      throw this.invalid(where, 'has both "type" and "bsonType"; use one of them');
    return node;
  }

  private keyword(node: SchemaNode, keyword: string, value: unknown, raw: Record<string, unknown>, depth: number): void {
    const rule = joinPath(node.rule, keyword);
    const at = `$jsonSchema.${rule}`;
    switch (keyword) {
      case 'bsonType':
      case 'type':
        node.types = { keyword, names: this.typeNames(value, keyword === 'type' ? JSON_TYPES : BSON_TYPES, at) };
        return;
      case 'required':
        if (!Array.isArray(value) || value.length === 0 || value.some((name) => typeof name !== 'string'))
          throw this.invalid(at, 'must be a non-empty array of field names');
        if (new Set(value).size !== value.length) throw this.invalid(at, 'names a field twice');
        node.required = value as string[];
        return;
      case 'properties':
        if (!isRecord(value)) throw this.invalid(at, 'must be an object mapping field names to schemas');
        node.properties = Object.keys(value).map((name) => [name, this.compile(value[name], joinPath(rule, name), depth + 1)]);
        return;
      case 'additionalProperties':
      case 'additionalItems':
        node[keyword] = typeof value === 'boolean' ? value : this.compile(value, rule, depth + 1);
        return;
      case 'minimum':
      case 'maximum':
        node[keyword] = this.bound(value, raw, keyword, at);
        return;
      case 'exclusiveMinimum':
      case 'exclusiveMaximum': {
        const bound = keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum';
        if (typeof value !== 'boolean') throw this.invalid(at, 'must be true or false');
        if (!own(raw, bound)) throw this.invalid(at, `needs "${bound}" beside it`);
        return;
      }
      case 'multipleOf':
        node.multipleOf = this.number(value, at);
        if (node.multipleOf <= 0) throw this.invalid(at, 'must be a number greater than 0');
        return;
      case 'minLength':
      case 'maxLength':
      case 'minItems':
      case 'maxItems':
      case 'minProperties':
      case 'maxProperties':
        node[keyword] = this.count(value, at);
        return;
      case 'pattern':
        node.pattern = this.pattern(value, at);
        return;
      case 'enum':
        if (!Array.isArray(value) || value.length === 0) throw this.invalid(at, 'must be a non-empty array of values');
        node.enum = { values: value, keys: new Set(value.map((item) => this.model.keyOf(item))) };
        return;
      case 'items':
        node.items = Array.isArray(value)
          ? value.map((item, index) => this.compile(item, joinPath(rule, index), depth + 1))
          : this.compile(value, rule, depth + 1);
        return;
      case 'uniqueItems':
        if (typeof value !== 'boolean') throw this.invalid(at, 'must be true or false');
        node.uniqueItems = value;
        return;
      case 'anyOf':
      case 'allOf':
      case 'oneOf':
        node[keyword] = this.schemaList(value, rule, depth);
        return;
      case 'not':
        node.not = this.compile(value, rule, depth + 1);
        return;
      default:
        if (ANNOTATIONS.has(keyword)) {
          if (typeof value !== 'string') throw this.invalid(at, 'must be a string');
          return;
        }
        throw this.invalid(
          `$jsonSchema${node.rule === '' ? '' : `.${node.rule}`}`,
          `uses the keyword ${JSON.stringify(keyword)}, which the rules do not support`,
        );
    }
  }

  private schemaList(value: unknown, rule: string, depth: number): SchemaNode[] {
    if (!Array.isArray(value) || value.length === 0) throw this.invalid(`$jsonSchema.${rule}`, 'must be a non-empty array of schemas');
    return value.map((item, index) => this.compile(item, joinPath(rule, index), depth + 1));
  }

  private typeNames(value: unknown, known: ReadonlySet<string>, at: string): string[] {
    const names = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(names) || names.length === 0 || names.some((name) => typeof name !== 'string'))
      throw this.invalid(at, 'must be a type name or a non-empty array of them');
    for (const name of names as string[]) {
      if (!known.has(name)) throw this.invalid(at, `names the unknown type ${JSON.stringify(name)} (known: ${[...known].join(', ')})`);
    }
    return names as string[];
  }

  private bound(value: unknown, raw: Record<string, unknown>, keyword: 'minimum' | 'maximum', at: string): Bound {
    const exclusive = raw[keyword === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'];
    return { value: this.number(value, at), exclusive: exclusive === true };
  }

  private number(value: unknown, at: string): number {
    const number = this.model.numberOf(value);
    if (number === undefined || !Number.isFinite(number)) throw this.invalid(at, 'must be a finite number');
    return number;
  }

  private count(value: unknown, at: string): number {
    const number = this.model.numberOf(value);
    if (number === undefined || !Number.isInteger(number) || number < 0) throw this.invalid(at, 'must be a whole number ≥ 0');
    return number;
  }

  private pattern(value: unknown, at: string): { source: string; regex: RE2JS } {
    if (typeof value !== 'string') throw this.invalid(at, 'must be a string (a regular expression)');
    if (value.length > MAX_PATTERN_LENGTH) throw this.invalid(at, `is longer than ${MAX_PATTERN_LENGTH} characters`);
    try {
      return { source: value, regex: RE2JS.compile(value) };
    } catch (error) {
      const detail = (error as Error).message.replace(/^error parsing regexp: /, '');
      throw this.invalid(
        at,
        `is not a pattern the linear-time regular-expression engine (RE2) accepts: ${detail} (backreferences and lookarounds are refused so that no pattern can stall a write)`,
      );
    }
  }

  private invalid(at: string, why: string): InvalidRulesError {
    return new InvalidRulesError(`${at} ${why}`);
  }
}

/** The validator's `$jsonSchema`, checked and compiled; throws {@link InvalidRulesError} saying what is wrong and where. */
export function compileSchema(raw: unknown, model: ValueModel): SchemaNode {
  return new SchemaCompiler(model).compile(raw, '', 0);
}
