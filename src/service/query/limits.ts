import { isPlainObject } from '../bson/extendedJson';
import { badRequest } from '../errors';

/** The database's limits on the shape of a request, and the local service's where the database has none. */
export const SHAPE_LIMITS = {
  /** The database's limit on the keys of one sort. */
  sortKeys: 32,
  /** Fields named by one projection. */
  projectionFields: 1_000,
  /** Values (objects, arrays, scalars) in one query, projection, sort or update. */
  expressionNodes: 100_000,
  /** Nesting of one query, projection or update. */
  expressionDepth: 100,
};

/** Operators that run code sent by the client: never. */
const SCRIPT_OPERATORS = new Set(['$where', '$function', '$accumulator']);

const count = (n: number) => n.toLocaleString('en-US');

/** Refuses a query, projection, sort or update larger or deeper than the limits, or one that runs a script, before any of it is evaluated. */
export function checkExpressionShape(value: unknown, what: string): void {
  let nodes = 0;
  const walk = (item: unknown, depth: number): void => {
    if (++nodes > SHAPE_LIMITS.expressionNodes)
      throw badRequest(`The ${what} holds more than ${count(SHAPE_LIMITS.expressionNodes)} values, the most one request may hold`);
    if (depth > SHAPE_LIMITS.expressionDepth)
      throw badRequest(`The ${what} is nested deeper than ${SHAPE_LIMITS.expressionDepth} levels, the most one request may nest`);
    if (Array.isArray(item)) {
      for (const element of item) walk(element, depth + 1);
    } else if (isPlainObject(item)) {
      for (const [key, element] of Object.entries(item)) {
        if (SCRIPT_OPERATORS.has(key))
          throw badRequest(`${key} runs JavaScript sent with the request; the local service does not run scripts`);
        walk(element, depth + 1);
      }
    }
  };
  walk(value, 0);
}

export function checkSortShape(sort: Record<string, unknown>): void {
  const keys = Object.keys(sort).length;
  if (keys > SHAPE_LIMITS.sortKeys)
    throw badRequest(`A sort can have at most ${SHAPE_LIMITS.sortKeys} keys (the database's limit); this one has ${count(keys)}`);
}

export function checkProjectionShape(projection: Record<string, unknown>): void {
  const fields = Object.keys(projection).length;
  if (fields > SHAPE_LIMITS.projectionFields)
    throw badRequest(`A projection can name at most ${count(SHAPE_LIMITS.projectionFields)} fields; this one names ${count(fields)}`);
  checkExpressionShape(projection, 'projection');
}
