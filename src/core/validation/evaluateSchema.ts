import type { SchemaNode } from './schemaNode';
import { joinPath } from './schemaNode';
import type { Violation } from './rulesTypes';
import { describePath, RulesLimitError } from './rulesTypes';
import type { ValueModel } from './valueModel';
import { boundText, foundText, plural, preview, typeList, typeMatches } from './schemaMessages';

/** The violations one check reports at most; the first ones say enough to fix a document. */
export const MAX_VIOLATIONS = 100;
/** Steps (a schema applied to a value, a value compared) one document's check may take. */
export const DEFAULT_MAX_STEPS = 2_000_000;

const own = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

/** Counts the violations as they are found; `sink` undefined: only whether there is one (inside anyOf, oneOf, not). */
interface Run {
  model: ValueModel;
  steps: number;
  maxSteps: number;
}

type Sink = Violation[] | undefined;
/** Where a violation of the node being checked goes (no closure per check: this runs for every value of a document). */
interface Fail {
  sink: Sink;
  node: SchemaNode;
  path: string;
}

/** Reports a violation of a keyword of the node being checked; false: the check ends here (there is no sink). */
function report({ sink, node, path }: Fail, keyword: string, reason: string): boolean {
  if (!sink) return false;
  if (sink.length < MAX_VIOLATIONS)
    sink.push({ path, rule: joinPath(node.rule, keyword), kind: 'schema', message: `${describePath(path)}: ${reason}` });
  return true;
}

/** Evaluates compiled schemas against values, one document at a time. */
export class SchemaEvaluator {
  private readonly run: Run;

  constructor(model: ValueModel, maxSteps = DEFAULT_MAX_STEPS) {
    this.run = { model, steps: 0, maxSteps };
  }

  /** The steps the checks so far took. */
  get steps(): number {
    return this.run.steps;
  }

  /** Every violation of `node` by `value` (up to {@link MAX_VIOLATIONS}). */
  violations(node: SchemaNode, value: unknown): Violation[] {
    const found: Violation[] = [];
    this.check(node, value, '', found);
    return found;
  }

  private spend(steps: number): void {
    this.run.steps += steps;
    if (this.run.steps > this.run.maxSteps)
      throw new RulesLimitError(
        `checking the document took more than ${this.run.maxSteps} steps (the document or the schema is too large)`,
      );
  }

  /** Whether `value` keeps `node`; violations go to `sink` when there is one (the answer then does not matter), otherwise the first one ends the check. */
  private check(node: SchemaNode, value: unknown, path: string, sink: Sink): boolean {
    this.spend(1);
    const fail: Fail = { sink, node, path };
    const kind = this.run.model.kindOf(value);
    if (node.types && !anyTypeMatches(node.types.names, kind, node.types.keyword)) {
      if (!report(fail, node.types.keyword, `must be ${typeList(node.types.names)} (${foundText(kind, value)})`)) return false;
    }
    if (node.enum && !node.enum.keys.has(this.key(value))) {
      const listed = node.enum.values.slice(0, 5).map(preview).join(', ');
      if (!report(fail, 'enum', `must be one of ${listed}${node.enum.values.length > 5 ? ', …' : ''} (found ${preview(value)})`))
        return false;
    }
    return (
      this.checkNumber(node, value, fail) &&
      this.checkString(node, value, fail) &&
      (kind !== 'object' || this.checkObject(node, value as Record<string, unknown>, path, sink, fail)) &&
      (kind !== 'array' || this.checkArray(node, value as unknown[], path, sink, fail)) &&
      this.checkCombinations(node, value, path, sink, fail)
    );
  }

  private key(value: unknown): string {
    const key = this.run.model.keyOf(value);
    this.spend(1 + (key.length >> 6));
    return key;
  }

  private checkNumber(node: SchemaNode, value: unknown, fail: Fail): boolean {
    const number = this.run.model.numberOf(value);
    if (number === undefined || Number.isNaN(number)) return true;
    const { minimum, maximum, multipleOf } = node;
    if (minimum && (minimum.exclusive ? !(number > minimum.value) : !(number >= minimum.value)))
      if (!report(fail, 'minimum', `must be a number ${boundText(minimum, true)} (found ${preview(value)})`)) return false;
    if (maximum && (maximum.exclusive ? !(number < maximum.value) : !(number <= maximum.value)))
      if (!report(fail, 'maximum', `must be a number ${boundText(maximum, false)} (found ${preview(value)})`)) return false;
    if (multipleOf !== undefined && !Number.isInteger(number / multipleOf))
      if (!report(fail, 'multipleOf', `must be a multiple of ${multipleOf} (found ${preview(value)})`)) return false;
    return true;
  }

  private checkString(node: SchemaNode, value: unknown, fail: Fail): boolean {
    if (typeof value !== 'string') return true;
    if (node.minLength !== undefined || node.maxLength !== undefined) {
      this.spend(1 + (value.length >> 6));
      const length = codePoints(value);
      if (node.minLength !== undefined && length < node.minLength)
        if (!report(fail, 'minLength', `must be at least ${plural(node.minLength, 'character')} long (found ${length})`)) return false;
      if (node.maxLength !== undefined && length > node.maxLength)
        if (!report(fail, 'maxLength', `must be at most ${plural(node.maxLength, 'character')} long (found ${length})`)) return false;
    }
    if (node.pattern) {
      this.spend(1 + (value.length >> 4));
      if (!node.pattern.regex.test(value))
        if (!report(fail, 'pattern', `must match the pattern /${node.pattern.source}/ (found ${preview(value)})`)) return false;
    }
    return true;
  }

  private checkObject(node: SchemaNode, value: Record<string, unknown>, path: string, sink: Sink, fail: Fail): boolean {
    for (const name of node.required ?? []) {
      if (own(value, name) && value[name] !== undefined) continue;
      if (!sink) return false;
      // The violation is the missing field's, not the object's.
      const at = joinPath(path, name);
      if (sink.length < MAX_VIOLATIONS)
        sink.push({ path: at, rule: joinPath(node.rule, 'required'), kind: 'schema', message: `${at}: is required` });
    }
    const listed = new Set<string>();
    for (const [name, child] of node.properties ?? []) {
      listed.add(name);
      if (!own(value, name) || value[name] === undefined) continue;
      if (!this.check(child, value[name], joinPath(path, name), sink) && !sink) return false;
    }
    const keys = node.additionalProperties !== undefined || node.minProperties !== undefined || node.maxProperties !== undefined;
    if (!keys) return true;
    const names = Object.keys(value).filter((name) => value[name] !== undefined);
    this.spend(names.length);
    const { minProperties, maxProperties, additionalProperties } = node;
    if (minProperties !== undefined && names.length < minProperties)
      if (!report(fail, 'minProperties', `must have at least ${plural(minProperties, 'field')} (found ${names.length})`)) return false;
    if (maxProperties !== undefined && names.length > maxProperties)
      if (!report(fail, 'maxProperties', `must have at most ${plural(maxProperties, 'field')} (found ${names.length})`)) return false;
    if (additionalProperties === undefined || additionalProperties === true) return true;
    for (const name of names) {
      if (listed.has(name)) continue;
      const at = joinPath(path, name);
      if (additionalProperties === false) {
        if (!sink) return false;
        if (sink.length < MAX_VIOLATIONS)
          sink.push({
            path: at,
            rule: joinPath(node.rule, 'additionalProperties'),
            kind: 'schema',
            message: `${at}: is not allowed (the schema allows only the fields it lists in properties)`,
          });
      } else if (!this.check(additionalProperties, value[name], at, sink) && !sink) return false;
    }
    return true;
  }

  private checkArray(node: SchemaNode, value: unknown[], path: string, sink: Sink, fail: Fail): boolean {
    const { minItems, maxItems, items, additionalItems } = node;
    if (minItems !== undefined && value.length < minItems)
      if (!report(fail, 'minItems', `must have at least ${plural(minItems, 'item')} (found ${value.length})`)) return false;
    if (maxItems !== undefined && value.length > maxItems)
      if (!report(fail, 'maxItems', `must have at most ${plural(maxItems, 'item')} (found ${value.length})`)) return false;
    if (items) {
      for (let index = 0; index < value.length; index++) {
        const schema = Array.isArray(items) ? (items[index] ?? (typeof additionalItems === 'object' ? additionalItems : undefined)) : items;
        const at = joinPath(path, index);
        if (Array.isArray(items) && index >= items.length && additionalItems === false) {
          if (!report(fail, 'additionalItems', `must have at most ${plural(items.length, 'item')} (found ${value.length})`)) return false;
          break;
        }
        if (schema && !this.check(schema, value[index], at, sink) && !sink) return false;
        if (!schema && Array.isArray(items) && index >= items.length) break;
      }
    }
    if (node.uniqueItems) {
      const seen = new Map<string, number>();
      for (let index = 0; index < value.length; index++) {
        const key = this.key(value[index]);
        const first = seen.get(key);
        if (first === undefined) seen.set(key, index);
        else if (!report(fail, 'uniqueItems', `must not repeat an item (item ${index} repeats item ${first})`)) return false;
        else break;
      }
    }
    return true;
  }

  private checkCombinations(node: SchemaNode, value: unknown, path: string, sink: Sink, fail: Fail): boolean {
    for (const part of node.allOf ?? []) if (!this.check(part, value, path, sink) && !sink) return false;
    if (node.anyOf && !node.anyOf.some((part) => this.check(part, value, path, undefined)))
      if (!report(fail, 'anyOf', `must match at least one of the ${node.anyOf.length} schemas in anyOf`)) return false;
    if (node.oneOf) {
      let matched = 0;
      for (const part of node.oneOf) if (this.check(part, value, path, undefined)) matched++;
      if (matched !== 1)
        if (!report(fail, 'oneOf', `must match exactly one of the ${node.oneOf.length} schemas in oneOf (matched ${matched})`))
          return false;
    }
    if (node.not && this.check(node.not, value, path, undefined))
      if (!report(fail, 'not', `must not match the schema in not`)) return false;
    return true;
  }
}

function anyTypeMatches(names: string[], kind: string, keyword: 'bsonType' | 'type'): boolean {
  for (const name of names) if (typeMatches(name, kind, keyword)) return true;
  return false;
}

/** A string's length in Unicode code points, as the database counts it. */
function codePoints(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) index++;
    length++;
  }
  return length;
}
