/*
 * base/lazyModule.ts as the browser bundle has it (esbuild.web.js puts this file in its place in the web build): a
 * web worker cannot require a file of dist/, so the one bundle still loaded synchronously, the guardrails (an
 * account's look is drawn in the tree as it is listed), is part of dist/web/extension.js and, as on the desktop,
 * evaluated only the first time it is used. Every other part is awaited through lazyPart (lazyPartWeb.ts).
 */

import type { SynchronousPart } from './base/lazyModule';

/* eslint-disable @typescript-eslint/no-require-imports -- evaluated at first use, as the desktop's require of a dist/ file */
const entries: Readonly<Partial<Record<SynchronousPart, () => unknown>>> = {
  guardrails: () => require('./guardrails/guardrailsBundle'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

export function lazyModule<T>(part: SynchronousPart): () => T;
export function lazyModule<T, R>(part: SynchronousPart, start: (loaded: T) => R): () => R;
export function lazyModule<T, R>(part: SynchronousPart, start?: (loaded: T) => R): () => R {
  let made: { value: R } | undefined;
  return () => {
    if (!made) {
      const entry = Object.hasOwn(entries, part) ? entries[part] : undefined;
      if (!entry) throw new Error(`${part} is not part of DB Host in the browser`);
      const loaded = entry() as T;
      made = { value: start ? start(loaded) : (loaded as unknown as R) };
    }
    return made.value;
  };
}
