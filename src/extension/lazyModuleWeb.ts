/*
 * base/lazyModule.ts as the browser bundle has it (esbuild.web.js puts this file in its place in the web build): a
 * web worker cannot require a file of dist/, so the one bundle still loaded synchronously, the guardrails (an
 * account's look is drawn in the tree as it is listed), is part of dist/web/extension.js and, as on the desktop,
 * evaluated only the first time it is used. Every other part is awaited through lazyPart (lazyPartWeb.ts).
 */

/* eslint-disable @typescript-eslint/no-require-imports -- evaluated at first use, as the desktop's require of a dist/ file */
const entries: Readonly<Record<string, () => unknown>> = {
  'guardrails.js': () => require('./guardrails/guardrailsBundle'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

export function lazyModule<T>(file: string): () => T;
export function lazyModule<T, R>(file: string, start: (loaded: T) => R): () => R;
export function lazyModule<T, R>(file: string, start?: (loaded: T) => R): () => R {
  let made: { value: R } | undefined;
  return () => {
    if (!made) {
      const entry = Object.hasOwn(entries, file) ? entries[file] : undefined;
      if (!entry) throw new Error(`${file} is not part of DB Host in the browser`);
      const loaded = entry() as T;
      made = { value: start ? start(loaded) : (loaded as unknown as R) };
    }
    return made.value;
  };
}
