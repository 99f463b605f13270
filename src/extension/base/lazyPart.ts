import type * as LazyParts from '../kit/lazy/lazyParts.json';
import { requirePart } from './lazyModule';

/** A part the extension awaits on first use: a name of lazyParts.json's `awaited` (or, in the browser, `browserOnly`). */
export type AwaitedPart = keyof typeof LazyParts.awaited | keyof typeof LazyParts.browserOnly;

/** A lazily loaded part: awaited by its callers. */
export type LazyPart<R> = () => Promise<R>;

/**
 * A lazily loaded part of the extension that callers await: on the desktop dist/<part>.mjs is loaded on first use,
 * once, as lazyModule does; the browser build puts src/extension/lazyPartWeb.ts in this file's place, which fetches
 * the part from dist/web/ instead, a web worker having nothing like a synchronous require.
 */
export function lazyPart<T>(part: AwaitedPart): LazyPart<T>;
export function lazyPart<T, R>(part: AwaitedPart, start: (loaded: T) => R): LazyPart<R>;
export function lazyPart<T, R>(part: AwaitedPart, start?: (loaded: T) => R): LazyPart<R> {
  let made: { value: R } | undefined;
  return async () => {
    if (!made) {
      const loaded = requirePart<T>(part);
      made = { value: start ? start(loaded) : (loaded as unknown as R) };
    }
    return made.value;
  };
}
