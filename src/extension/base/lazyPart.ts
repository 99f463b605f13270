import { lazyModule } from './lazyModule';

/** A lazily loaded part: awaited by its callers. */
export type LazyPart<R> = () => Promise<R>;

/**
 * A lazily loaded bundle of dist/ that callers await: on the desktop `file` is required as lazyModule does (on
 * first use, once); the browser build puts src/extension/lazyPartWeb.ts in this file's place, which fetches the
 * part from dist/web/ instead, a web worker having nothing like a synchronous require.
 */
export function lazyPart<T>(file: string): LazyPart<T>;
export function lazyPart<T, R>(file: string, start: (loaded: T) => R): LazyPart<R>;
export function lazyPart<T, R>(file: string, start?: (loaded: T) => R): LazyPart<R> {
  const load = start ? lazyModule(file, start) : lazyModule<R>(file);
  return async () => load();
}
