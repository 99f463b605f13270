import { createRequire } from 'node:module';
import * as path from 'node:path';
import type * as LazyParts from '../kit/lazy/lazyParts.json';

/** A part the extension loads synchronously on first use: a name of lazyParts.json's `synchronous`. */
export type SynchronousPart = keyof typeof LazyParts.synchronous;

/**
 * Loads dist/<part>.mjs, an entry of the extension host's one ES module build (esbuild.js): required
 * synchronously (Node 22.12+, which every VS Code 1.101+ runs), it reuses every module the extension has
 * loaded already, so a module the part shares with the rest exists once.
 */
export function requirePart<T>(part: string): T {
  // esbuild.js defines __filename and __dirname as import.meta's, this chunk's own file and folder.
  return createRequire(__filename)(path.join(__dirname, `${part}.mjs`)) as T;
}

/**
 * A lazily loaded part of the extension: dist/<part>.mjs is loaded the first time the returned function is
 * called, and `start` (when given) makes, once, what the callers use from it.
 */
export function lazyModule<T>(part: SynchronousPart): () => T;
export function lazyModule<T, R>(part: SynchronousPart, start: (loaded: T) => R): () => R;
export function lazyModule<T, R>(part: SynchronousPart, start?: (loaded: T) => R): () => R {
  let made: { value: R } | undefined;
  return () => {
    if (!made) {
      const loaded = requirePart<T>(part);
      made = { value: start ? start(loaded) : (loaded as unknown as R) };
    }
    return made.value;
  };
}
