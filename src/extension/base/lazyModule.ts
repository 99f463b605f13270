import * as path from 'node:path';

/**
 * A lazily loaded bundle of dist/ (esbuild.js lists them): `file` is required the first time the returned
 * function is called, and `start` (when given) makes, once, what the callers use from it. Whatever the
 * bundle needs that has state (the logger and its known keys, the account store) it
 * is handed through `Services` by its caller, never kept in a module a second bundle would copy.
 */
export function lazyModule<T>(file: string): () => T;
export function lazyModule<T, R>(file: string, start: (loaded: T) => R): () => R;
export function lazyModule<T, R>(file: string, start?: (loaded: T) => R): () => R {
  let made: { value: R } | undefined;
  return () => {
    if (!made) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time path esbuild must not follow
      const loaded = require(path.join(__dirname, file)) as T;
      made = { value: start ? start(loaded) : (loaded as unknown as R) };
    }
    return made.value;
  };
}
