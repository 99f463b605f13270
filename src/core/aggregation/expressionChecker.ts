import { LosslessNumber, isJsonObject } from '../json/lossless';
import type { JsonObject, JsonValue } from '../json/lossless';
import { FIELD_OPERATORS } from '../playground/operatorDocs';
import { closestName } from './closestName';
import { JAVASCRIPT_OPERATORS, KNOWN_ACCUMULATORS, KNOWN_EXPRESSION_OPERATORS } from './expressionDocs';
import { STAGES } from './stageDocs';

/** Where in the pipeline: the stage's index, then keys and array indexes down to the value (or key) at fault. */
export type PipelinePath = Array<string | number>;

export interface PipelineProblem {
  /** 0-based index of the stage at fault. */
  stage: number;
  path: PipelinePath;
  /** Whether the fault is the last key of `path` itself (an unknown operator) rather than its value. */
  atKey: boolean;
  /** Cause first, then the stage: `Unknown accumulator "$summ" in stage 2 ($group): …`. */
  message: string;
}

export interface PipelineCheckOptions {
  /** The database the pipeline runs in: `$out`/`$merge` into another one are refused. */
  database?: string;
}

export const STAGE_NAMES: ReadonlySet<string> = new Set(STAGES.map((stage) => stage.name));
export const QUERY_OPERATORS = new Set([
  ...FIELD_OPERATORS.map((operator) => operator.name),
  '$bitsAllClear',
  '$bitsAllSet',
  '$bitsAnyClear',
  '$bitsAnySet',
]);
export const LOGICAL = new Set(['$and', '$or', '$nor']);
const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
export const WRITE_STAGES = new Set(['$out', '$merge']);
const MAX_DEPTH = 100;

export const quoted = (name: string) => JSON.stringify(name);
export const numberOf = (value: JsonValue | undefined) =>
  typeof value === 'number' ? value : value instanceof LosslessNumber ? Number(value.text) : undefined;
export const suggestion = (name: string, known: Iterable<string>) => {
  const closest = closestName(name, known);
  return closest ? ` (did you mean ${quoted(closest)}?)` : '';
};

/** The checks of queries, expressions and accumulators that the stages share; problems are collected, never thrown. */
export class ExpressionChecker {
  readonly problems: PipelineProblem[] = [];
  protected stage = 0;
  protected stageName = '';
  private tooDeep = false;

  protected where(): string {
    return `stage ${this.stage + 1}${this.stageName ? ` (${this.stageName})` : ''}`;
  }

  protected fail(path: PipelinePath, cause: string, advice = '', atKey = false): void {
    this.problems.push({ stage: this.stage, path, atKey, message: `${cause} in ${this.where()}${advice ? `: ${advice}` : ''}` });
  }

  protected javascript(path: PipelinePath): void {
    const name = String(path.at(-1));
    this.fail(
      path,
      `${quoted(name)} is refused: it runs JavaScript sent with the pipeline, which is never run`,
      'write it with query or expression operators',
      true,
    );
  }

  protected fieldName(name: string, path: PipelinePath): boolean {
    const refused = name.split('.').find((segment) => PROTOTYPE_NAMES.has(segment));
    if (refused === undefined) return true;
    this.fail(path, `The field path ${quoted(name)} names ${quoted(refused)}, which is never a field name`, '', true);
    return false;
  }

  protected deep(path: PipelinePath, depth: number): boolean {
    if (depth <= MAX_DEPTH) return false;
    if (!this.tooDeep) this.fail(path, `The pipeline nests deeper than ${MAX_DEPTH} levels`);
    this.tooDeep = true;
    return true;
  }

  /** A query as `$match` and `q` take it. */
  protected selector(query: JsonObject, path: PipelinePath, depth: number): void {
    if (this.deep(path, depth)) return;
    for (const [key, value] of Object.entries(query)) {
      const at = [...path, key];
      if (JAVASCRIPT_OPERATORS.has(key)) this.javascript(at);
      else if (LOGICAL.has(key)) {
        if (!Array.isArray(value)) this.fail(at, `${key} takes an array of conditions`, `e.g. {${quoted(key)}: [{…}, {…}]}`);
        else
          value.forEach((item, index) =>
            isJsonObject(item)
              ? this.selector(item, [...at, index], depth + 1)
              : this.fail([...at, index], `Each condition of ${key} must be an object`),
          );
      } else if (key === '$expr') this.expression(value, at, depth + 1);
      else if (key === '$comment') continue;
      else if (key.startsWith('$'))
        this.fail(
          at,
          `Unknown query operator ${quoted(key)}`,
          `at the top of a query only $and, $or, $nor and $expr go${suggestion(key, [...LOGICAL, '$expr'])}`,
          true,
        );
      else if (this.fieldName(key, at)) this.condition(value, at, depth + 1);
    }
  }

  protected condition(value: JsonValue, path: PipelinePath, depth: number): void {
    if (!isJsonObject(value) || this.deep(path, depth)) return;
    const keys = Object.keys(value);
    if (!keys.some((key) => key.startsWith('$'))) return; // an object to equal
    for (const key of keys) {
      const at = [...path, key];
      const operand = value[key]!;
      if (JAVASCRIPT_OPERATORS.has(key)) this.javascript(at);
      else if (key === '$not') this.condition(operand, at, depth + 1);
      else if (key === '$elemMatch' && isJsonObject(operand)) this.selector(operand, at, depth + 1);
      else if (!QUERY_OPERATORS.has(key))
        this.fail(
          at,
          `Unknown query operator ${quoted(key)}`,
          `a field's condition uses ${[...QUERY_OPERATORS].slice(0, 10).join(', ')}…${suggestion(key, QUERY_OPERATORS)}`,
          true,
        );
    }
  }

  /** An aggregation expression: "$field", a literal, an operator object, or an object of expressions. */
  protected expression(value: JsonValue, path: PipelinePath, depth: number): void {
    if (this.deep(path, depth)) return;
    if (typeof value === 'string') {
      if (value.startsWith('$') && !value.startsWith('$$')) this.fieldName(value.slice(1), path);
      return;
    }
    if (Array.isArray(value)) return value.forEach((item, index) => this.expression(item, [...path, index], depth + 1));
    if (!isJsonObject(value)) return;
    const keys = Object.keys(value);
    const operators = keys.filter((key) => key.startsWith('$'));
    if (operators.length === 0) return this.fieldExpressions(value, path, depth);
    if (keys.length > 1)
      return this.fail(
        [...path, operators[0]!],
        `An operator object holds one operator only, here ${keys.map(quoted).join(', ')}`,
        'write each computed value as its own field or nest the operators',
        true,
      );
    const name = operators[0]!;
    const at = [...path, name];
    if (JAVASCRIPT_OPERATORS.has(name)) return this.javascript(at);
    if (!KNOWN_EXPRESSION_OPERATORS.has(name))
      return this.fail(
        at,
        `Unknown expression operator ${quoted(name)}`,
        `see the completion list for the operators${suggestion(name, KNOWN_EXPRESSION_OPERATORS)}`,
        true,
      );
    if (name !== '$literal') this.expression(value[name]!, at, depth + 1);
  }

  protected fieldExpressions(fields: JsonObject, path: PipelinePath, depth = 0): void {
    for (const [key, value] of Object.entries(fields)) {
      const at = [...path, key];
      if (this.fieldName(key, at)) this.expression(value, at, depth + 1);
    }
  }

  protected projection(fields: JsonObject, path: PipelinePath, depth: number): void {
    if (this.deep(path, depth)) return;
    for (const [key, value] of Object.entries(fields)) {
      const at = [...path, key];
      if (!this.fieldName(key, at)) continue;
      if (isJsonObject(value) && !Object.keys(value).some((name) => name.startsWith('$'))) this.projection(value, at, depth + 1);
      else this.expression(value, at, depth + 1);
    }
  }

  protected accumulators(fields: JsonObject, path: PipelinePath, skip: string[]): void {
    for (const [key, value] of Object.entries(fields)) {
      const at = [...path, key];
      if (skip.includes(key) || !this.fieldName(key, at)) continue;
      if (key.includes('.')) {
        this.fail(at, `The output field ${quoted(key)} holds a dot`, 'name it without one', true);
        continue;
      }
      const operators = isJsonObject(value) ? Object.keys(value) : [];
      if (operators.length !== 1) {
        this.fail(at, `${quoted(key)} must be an accumulator object`, 'e.g. {"$sum": "$total"} or {"$sum": 1} to count');
        continue;
      }
      const name = operators[0]!;
      if (JAVASCRIPT_OPERATORS.has(name)) this.javascript([...at, name]);
      else if (!KNOWN_ACCUMULATORS.has(name))
        this.fail(
          [...at, name],
          `Unknown accumulator ${quoted(name)}`,
          `an accumulator is one of ${[...KNOWN_ACCUMULATORS].slice(0, 9).join(', ')}…${suggestion(name, KNOWN_ACCUMULATORS)}`,
          true,
        );
      else this.expression((value as JsonObject)[name]!, [...at, name], 1);
    }
  }
}
