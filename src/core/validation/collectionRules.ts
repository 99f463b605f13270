import { compileSchema } from './compileSchema';
import { SchemaEvaluator } from './evaluateSchema';
import { preview } from './schemaMessages';
import type { SchemaNode } from './schemaNode';
import type { ValidationAction, ValidationLevel, Violation } from './rulesTypes';
import { describePath, InvalidRulesError, VALIDATION_ACTIONS, VALIDATION_LEVELS } from './rulesTypes';
import type { ValueModel } from './valueModel';
import { EXTENDED_JSON_MODEL } from './valueModel';

/** A collection's rules as set and read: the validator and how it applies. */
export interface RulesSettings {
  validator: Record<string, unknown>;
  validationLevel: ValidationLevel;
  validationAction: ValidationAction;
}

/** Turns one top-level query condition of the validator into a test (the service's matcher); throws when the condition is invalid. */
export type QueryCompiler = (condition: Record<string, unknown>) => (doc: Record<string, unknown>) => boolean;

/** Bounds of one document's check: at most `maxSteps` steps (default 2,000,000), and who is told the steps it took. */
export interface CheckLimits {
  maxSteps?: number;
  spent?(steps: number): void;
}

/** One top-level condition of the validator other than `$jsonSchema`, and its test where a matcher was given. */
interface QueryPart {
  key: string;
  condition: Record<string, unknown>;
  test?: (doc: Record<string, unknown>) => boolean;
}

/** Top-level operators the database refuses in a validator. */
const REFUSED_OPERATORS = new Set(['$where', '$text', '$near', '$nearSphere', '$geoNear']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A validator checked and compiled, ready to check documents. */
export class CompiledRules {
  private constructor(
    private readonly schema: SchemaNode | undefined,
    private readonly queries: QueryPart[],
    private readonly model: ValueModel,
  ) {}

  /**
   * Checks and compiles a validator: `$jsonSchema` and, beside it, query conditions, which are tested only with
   * `compileQuery` (the service's matcher). Throws {@link InvalidRulesError} saying what is wrong and where.
   */
  static compile(validator: unknown, options: { model?: ValueModel; compileQuery?: QueryCompiler } = {}): CompiledRules {
    const model = options.model ?? EXTENDED_JSON_MODEL;
    if (!isRecord(validator)) throw new InvalidRulesError('The validator must be a JSON object, such as {"$jsonSchema": {…}}');
    let schema: SchemaNode | undefined;
    const queries: QueryPart[] = [];
    for (const key of Object.keys(validator)) {
      if (key === '$jsonSchema') {
        schema = compileSchema(validator[key], model);
        continue;
      }
      if (REFUSED_OPERATORS.has(key)) throw new InvalidRulesError(`The validator cannot use ${key}`);
      const condition = { [key]: validator[key] };
      let test: QueryPart['test'];
      try {
        test = options.compileQuery?.(condition);
      } catch (error) {
        throw new InvalidRulesError(`The validator's condition on ${JSON.stringify(key)} is invalid: ${(error as Error).message}`);
      }
      queries.push({ key, condition, test });
    }
    return new CompiledRules(schema, queries, model);
  }

  /**
   * Every way `doc` breaks the rules (up to 100), the schema's first. Throws {@link RulesLimitError} when the check
   * would take more than `limits.maxSteps`; `limits.spent` is told the steps the check took.
   */
  violations(doc: Record<string, unknown>, limits: CheckLimits = {}): Violation[] {
    const evaluator = new SchemaEvaluator(this.model, limits.maxSteps);
    const found = this.schema ? evaluator.violations(this.schema, doc) : [];
    limits.spent?.(evaluator.steps + this.queries.length);
    for (const part of this.queries) {
      if (!part.test || part.test(doc)) continue;
      const path = part.key.startsWith('$') ? '' : part.key;
      const value = ownValueAt(doc, path);
      const found_ = path === '' ? '' : value === undefined ? ' (the field is missing)' : ` (found ${preview(value)})`;
      found.push({
        path,
        rule: part.key,
        kind: 'query',
        message: `${describePath(path)}: must satisfy ${preview(part.condition[part.key])}${found_}`,
      });
    }
    return found;
  }
}

/** The value at a dotted path through own members only, never an inherited one. */
function ownValueAt(doc: Record<string, unknown>, path: string): unknown {
  if (path === '') return undefined;
  let current: unknown = doc;
  for (const segment of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** The settings of a `PUT` body: the validator and the level and action (strict and error unless given). */
export function readRulesSettings(body: Record<string, unknown>, current?: RulesSettings): RulesSettings {
  const validator = body.validator === undefined ? current?.validator : body.validator;
  if (!isRecord(validator)) throw new InvalidRulesError('"validator" must be a JSON object, such as {"$jsonSchema": {…}}');
  return {
    validator,
    validationLevel: oneOf(body.validationLevel, 'validationLevel', VALIDATION_LEVELS, current?.validationLevel ?? 'strict'),
    validationAction: oneOf(body.validationAction, 'validationAction', VALIDATION_ACTIONS, current?.validationAction ?? 'error'),
  };
}

function oneOf<T extends string>(value: unknown, name: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw new InvalidRulesError(`"${name}" must be one of ${allowed.map((item) => `"${item}"`).join(', ')}`);
  return value as T;
}
