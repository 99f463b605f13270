import { Context, evalExpr } from 'mingo/core';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query as QueryBase } from 'mingo/query';
import { update as updateBase } from 'mingo/updater';
import { badRequest } from '../errors';
import { spendWork } from './budget';
import { fastMembership } from './inOperands';
import { linearRegex } from './linearRegex';
import { withoutNestedArraysOnPath } from './nestedArrayPaths';

/** Limits on what one expression may build; the database's own limits where it has them. */
export const EXPRESSION_LIMITS = {
  /** Elements a `$range` may produce. */
  rangeElements: 100_000,
  /** Elements of any array an expression builds. */
  arrayElements: 1_000_000,
  /** Characters of any string an expression builds (the database's 16 MB document limit). */
  stringCharacters: 16 * 1024 * 1024,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFunction = (...args: any[]) => any;
type Operators = Record<string, AnyFunction>;

/** The work a value built by an expression stands for, and a 400 when it is larger than an expression may build. */
function chargeResult(operator: string, result: unknown): void {
  if (typeof result === 'string') {
    if (result.length > EXPRESSION_LIMITS.stringCharacters)
      throw badRequest(
        `${operator} built a string of more than ${EXPRESSION_LIMITS.stringCharacters.toLocaleString('en-US')} characters, the most an expression may build`,
      );
    spendWork(Math.ceil(result.length / 64), operator);
  } else if (Array.isArray(result)) {
    if (result.length > EXPRESSION_LIMITS.arrayElements)
      throw badRequest(
        `${operator} built an array of more than ${EXPRESSION_LIMITS.arrayElements.toLocaleString('en-US')} elements, the most an expression may build`,
      );
    spendWork(result.length, operator);
  }
}

/** Every expression and accumulator operator counts against the request's budget and the size limits. */
function boundedOperators(operators: Operators): Operators {
  const bounded: Operators = {};
  for (const [name, operator] of Object.entries(operators)) {
    bounded[name] = (...args: unknown[]) => {
      spendWork(1, name);
      const result = operator(...args);
      chargeResult(name, result);
      return result;
    };
  }
  return bounded;
}

/**
 * Every query predicate counts one step each time it tests a document; one on a dotted path sees the document
 * without the arrays nested in arrays on that path (nestedArrayPaths.ts).
 */
function countedQueryOperators(operators: Operators): Operators {
  const counted: Operators = {};
  for (const [name, operator] of Object.entries(operators)) {
    counted[name] = (...args: unknown[]) => {
      const predicate = operator(...args) as AnyFunction;
      const selector = args[0];
      const segments = typeof selector === 'string' && selector.includes('.') ? selector.split('.') : undefined;
      return (...values: unknown[]) => {
        spendWork(1, name);
        if (segments) values[0] = withoutNestedArraysOnPath(values[0], segments);
        return predicate(...values);
      };
    };
  }
  return counted;
}

/** `$range` refuses, before it allocates anything, a range longer than an expression may build. */
const $range: AnyFunction = (obj, expr, options) => {
  const [start, end, step = 1] = (Array.isArray(expr) ? evalExpr(obj, expr, options) : []) as unknown[];
  if (typeof start === 'number' && typeof end === 'number' && typeof step === 'number' && step !== 0) {
    const length = Math.ceil((end - start) / step);
    if (length > EXPRESSION_LIMITS.rangeElements) {
      throw badRequest(
        `$range would build ${length.toLocaleString('en-US')} elements; an expression may build at most ${EXPRESSION_LIMITS.rangeElements.toLocaleString('en-US')}`,
      );
    }
  }
  return (expressionOperators.$range as AnyFunction)(obj, expr, options);
};

/** `$regexMatch`, `$regexFind`, `$regexFindAll` on RE2, whatever built the pattern (`$literal`, `$concat`, a field). */
function regexExpression(
  name: string,
  global: boolean,
  answer: (found: ReturnType<ReturnType<typeof linearRegex>['search']>) => unknown,
): AnyFunction {
  return (obj, expr, options) => {
    const value = evalExpr(obj, expr, options) as { input?: unknown; regex?: unknown; options?: unknown } | null;
    if (value === null || typeof value !== 'object') throw badRequest(`${name} needs an object with "input" and "regex"`);
    const regex = linearRegex(value.regex, value.options ?? '');
    if (typeof value.input !== 'string') return answer([]);
    return answer(regex.search(value.input, global));
  };
}

/** The `$regex` query operator on RE2: mingo has already checked the pattern as a JavaScript one; it is matched by RE2 only. */
const $regex: AnyFunction = (selector, value: RegExp, options) => {
  const regex = linearRegex(value.source, value.flags.replace('g', ''));
  const linear = { exec: (input: string) => (regex.test(input) ? [input] : null) };
  return (queryOperators.$regex as AnyFunction)(selector, linear, options);
};

const CONTEXT = Context.init({
  accumulator: boundedOperators(accumulatorOperators as unknown as Operators),
  expression: boundedOperators({
    ...(expressionOperators as unknown as Operators),
    $range,
    $regexMatch: regexExpression('$regexMatch', false, (found) => found.length > 0),
    $regexFind: regexExpression('$regexFind', false, (found) => found[0] ?? null),
    $regexFindAll: regexExpression('$regexFindAll', true, (found) => found),
  }),
  pipeline: pipelineOperators as unknown as Operators,
  projection: projectionOperators as unknown as Operators,
  query: countedQueryOperators({
    ...(queryOperators as unknown as Operators),
    $regex,
    $in: fastMembership(queryOperators.$in as AnyFunction, false),
    $nin: fastMembership(queryOperators.$nin as AnyFunction, true),
  }),
  window: windowOperators as unknown as Operators,
} as Parameters<typeof Context.init>[0]);

/** Scripts (`$where`, `$function`) stay off: queries come from the network. */
export const MINGO_OPTIONS = { scriptEnabled: false, idKey: '_id', context: CONTEXT };

/** mingo's Query with the bounded operators. */
export class Query extends QueryBase {
  constructor(condition: ConstructorParameters<typeof QueryBase>[0], options: ConstructorParameters<typeof QueryBase>[1] = {}) {
    super(condition, { ...options, context: CONTEXT });
  }
}

export function find(
  collection: unknown[],
  condition: ConstructorParameters<typeof QueryBase>[0],
  projection?: Record<string, unknown>,
  options: ConstructorParameters<typeof QueryBase>[1] = {},
) {
  return new Query(condition, options).find(collection as Parameters<QueryBase['find']>[0], projection);
}

export function update(
  obj: Parameters<typeof updateBase>[0],
  modifier: Parameters<typeof updateBase>[1],
  arrayFilters?: Parameters<typeof updateBase>[2],
  condition?: Parameters<typeof updateBase>[3],
  options: { cloneMode?: 'none' | 'copy' | 'deep' } = {},
) {
  return updateBase(obj, modifier, arrayFilters, condition, { cloneMode: options.cloneMode, queryOptions: { ...MINGO_OPTIONS } });
}
