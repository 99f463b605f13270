import { isEqual, resolve } from 'mingo/util';
import { ObjectId } from '../bson/objectId';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFunction = (...args: any[]) => any;

/**
 * The operands of one `$in` sorted for lookups: primitives in a set (equal as mingo's hash map finds them:
 * SameValueZero, so 0 and -0, NaN and NaN), valid dates by their time, object ids by their hex, and the rest
 * (documents, arrays, dates without a time, patterns) compared one by one as mingo does.
 */
class InOperands {
  private readonly primitives = new Set<unknown>();
  private readonly times = new Set<number>();
  private readonly objectIds = new Set<string>();
  private readonly others: unknown[] = [];
  private readonly patterns: RegExp[] = [];
  readonly holdsNull: boolean;

  constructor(operands: unknown[]) {
    for (const operand of operands) {
      if (operand === null || typeof operand !== 'object') this.primitives.add(operand);
      else if (operand instanceof Date && !Number.isNaN(operand.getTime())) this.times.add(operand.getTime());
      else if (operand instanceof ObjectId) this.objectIds.add(operand.hex);
      else {
        this.others.push(operand);
        if (operand instanceof RegExp) this.patterns.push(operand);
      }
    }
    this.holdsNull = this.primitives.has(null);
  }

  /** Whether `value` equals one of the operands. */
  has(value: unknown): boolean {
    if (value === null || typeof value !== 'object') return this.primitives.has(value);
    if (value instanceof Date && value.constructor === Date && !Number.isNaN(value.getTime())) return this.times.has(value.getTime());
    if (value instanceof ObjectId && value.constructor === ObjectId) return this.objectIds.has(value.hex);
    return this.others.some((other) => isEqual(value, other));
  }

  /** mingo's `$in` on a resolved value: a missing value is in a list holding null; otherwise the value, or one of its elements, is an operand or a string one of the patterns matches. */
  matches(resolved: unknown): boolean {
    if (resolved === null || resolved === undefined) return this.holdsNull;
    const values = Array.isArray(resolved) ? (resolved as unknown[]) : [resolved];
    for (const value of values) if (this.has(value)) return true;
    if (this.patterns.length === 0) return false;
    return values.some((value) => typeof value === 'string' && this.patterns.some((pattern) => pattern.test(value)));
  }
}

/**
 * `$in` and `$nin` with a set of the operands built once: mingo hashes every operand again for each document it
 * tests, so a scan with a thousand object ids in `$in` compared each document with all of them. The same answers
 * as mingo's; a list that is not an array is left to mingo (and its error).
 */
export function fastMembership(original: AnyFunction, negated: boolean): AnyFunction {
  return (selector: string, operands: unknown, options: unknown) => {
    if (!Array.isArray(operands)) return original(selector, operands, options) as unknown;
    const set = new InOperands(operands);
    return (doc: unknown) => set.matches(resolve(doc as Parameters<typeof resolve>[0], selector, { unwrapArray: true })) !== negated;
  };
}
