import { Pool } from 'pg';
import type { PoolClient, QueryConfig } from 'pg';

/** Called around each query a store runs: `viaPool` for one run on the pool itself, else on a client it checked out. */
export interface QueryHooks {
  before?: (text: string, viaPool: boolean) => Promise<void> | void;
  after?: (text: string, viaPool: boolean) => void;
}

export const openPool = (url: string): Pool => new Pool({ connectionString: url });

const textOf = (query: string | QueryConfig): string => (typeof query === 'string' ? query : query.text);

/** `query` of `target` with the hooks run around it (its other members as they are). */
function hookedQuery(target: Pick<Pool, 'query'>, hooks: QueryHooks, viaPool: boolean) {
  return async (query: string | QueryConfig, values?: unknown[]) => {
    await hooks.before?.(textOf(query), viaPool);
    const result = await (target.query as (query: string | QueryConfig, values?: unknown[]) => Promise<unknown>)(query, values);
    hooks.after?.(textOf(query), viaPool);
    return result;
  };
}

const bound = <T extends object>(target: T, key: string | symbol): unknown => {
  const value: unknown = Reflect.get(target, key, target);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
};

/**
 * The pool `pool` as a store sees it, with `hooks` run around every query (of the pool, and of every client it
 * hands out): a test holds a query back to force an interleaving, or notes one that ran, without any sleep.
 */
export function hookedPool(pool: Pool, hooks: QueryHooks): Pool {
  const client = (checkedOut: PoolClient): PoolClient =>
    new Proxy(checkedOut, { get: (target, key) => (key === 'query' ? hookedQuery(target, hooks, false) : bound(target, key)) });
  return new Proxy(pool, {
    get: (target, key) => {
      if (key === 'query') return hookedQuery(target, hooks, true);
      if (key === 'connect') return async () => client(await target.connect());
      return bound(target, key);
    },
  });
}
