/**
 * Schemas for values that arrive from outside (a webview's messages, a panel's kept state): one declaration
 * both checks a value at run time and gives its TypeScript type (`Infer<typeof schema>`), so the two cannot
 * drift apart. A check returns a fresh copy holding only what the schema names, or undefined: an object with a
 * key the schema does not name is refused, not trimmed, since a message that is not exactly one is not trusted.
 */
import { isRecord } from './isRecord';

export interface Schema<T> {
  check(raw: unknown): T | undefined;
}

/** A schema whose key may be absent from an object. */
export interface OptionalSchema<T> extends Schema<T> {
  readonly optional: true;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends OptionalSchema<unknown> ? K : never }[keyof S];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
export type ObjectOf<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }
>;
type VariantsOf<V extends Record<string, Shape>> = {
  [T in keyof V & string]: Simplify<{ type: T } & ObjectOf<V[T]>>;
}[keyof V & string];

const schema = <T>(check: (raw: unknown) => T | undefined): Schema<T> => ({ check });

/** A string of at most `max` characters (and at least `min`). */
export const text = (max: number, min = 0): Schema<string> =>
  schema((raw) => (typeof raw === 'string' && raw.length <= max && raw.length >= min ? raw : undefined));

export const boolean: Schema<boolean> = schema((raw) => (typeof raw === 'boolean' ? raw : undefined));

/** A whole number from 0 that a double holds exactly. */
export const count: Schema<number> = schema((raw) => (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? raw : undefined));

/** A number that is not NaN or an infinity. */
export const finite: Schema<number> = schema((raw) => (typeof raw === 'number' && Number.isFinite(raw) ? raw : undefined));

/** One of the given values, compared with ===. */
export const oneOf = <L extends string | number | boolean>(values: readonly L[]): Schema<L> =>
  schema((raw) => (values.includes(raw as L) ? (raw as L) : undefined));

export function list<T>(item: Schema<T>, limits: { min?: number; max: number }): Schema<T[]> {
  return schema((raw) => {
    if (!Array.isArray(raw) || raw.length > limits.max || raw.length < (limits.min ?? 0)) return undefined;
    const result: T[] = [];
    // An index loop, not every(): a hole in a sparse array is a value like any other, and is refused as one.
    for (let index = 0; index < raw.length; index++) {
      const checked = item.check(raw[index]);
      if (checked === undefined) return undefined;
      result.push(checked);
    }
    return result;
  });
}

export function pair<A, B>(first: Schema<A>, second: Schema<B>): Schema<[A, B]> {
  return schema((raw) => {
    if (!Array.isArray(raw) || raw.length !== 2) return undefined;
    const a = first.check(raw[0]);
    const b = second.check(raw[1]);
    return a === undefined || b === undefined ? undefined : [a, b];
  });
}

export function optional<T>(inner: Schema<T>): OptionalSchema<T> {
  return { optional: true, check: (raw) => inner.check(raw) };
}

const isOptional = (value: Schema<unknown>): boolean => (value as Partial<OptionalSchema<unknown>>).optional === true;

/** An object with exactly these keys (optional ones may be absent); any other own key refuses it. */
export function object<S extends Shape>(shape: S): Schema<ObjectOf<S>> {
  const keys = Object.keys(shape);
  return schema((raw) => {
    if (!isRecord(raw) || Object.keys(raw).some((key) => !Object.hasOwn(shape, key))) return undefined;
    const result: Record<string, unknown> = {};
    for (const key of keys) {
      const value = Object.hasOwn(raw, key) ? raw[key] : undefined;
      if (value === undefined) {
        if (isOptional(shape[key])) continue;
        return undefined;
      }
      const checked = shape[key].check(value);
      if (checked === undefined) return undefined;
      result[key] = checked;
    }
    return result as ObjectOf<S>;
  });
}

/**
 * Messages told apart by their `type`: `variants({ ready: {}, edit: { key: text(100) } })` checks
 * `{type: 'ready'}` and `{type: 'edit', key: '…'}` and refuses every other shape.
 */
export function variants<V extends Record<string, Shape>>(shapes: V): Schema<VariantsOf<V>> {
  const checkers = new Map(Object.entries(shapes).map(([type, shape]) => [type, object({ ...shape, type: oneOf([type]) })]));
  return schema((raw) => {
    if (!isRecord(raw) || typeof raw.type !== 'string') return undefined;
    return checkers.get(raw.type)?.check(raw) as VariantsOf<V> | undefined;
  });
}

/** A schema from a check of its own, for a value the combinators above cannot describe. */
export const custom = <T>(check: (raw: unknown) => T | undefined): Schema<T> => schema(check);
