/*
 * base/lazyModule.ts as the browser bundle has it (esbuild.js puts this file in its place in the web build): a
 * web worker cannot require a file of dist/, so each lazily loaded bundle's entry is part of dist/web/extension.js
 * and, as on the desktop, evaluated only the first time it is used. A composition root: it names the bundles'
 * entries, as esbuild.js does for the desktop.
 */

/* eslint-disable @typescript-eslint/no-require-imports -- evaluated at first use, as the desktop's require of a dist/ file */
const entries: Readonly<Record<string, () => unknown>> = {
  'playgroundParser.js': () => require('../core/playground/parsePlayground'),
  'playgroundKnowledge.js': () => require('./bundles/knowledgeBundle'),
  'originalFeatures.js': () => require('./bundles/originalFeaturesBundle'),
  'guardrails.js': () => require('./guardrails/guardrailsBundle'),
  'bulkChanges.js': () => require('./bulkChanges/bulkChangesBundle'),
  'databases.js': () => require('./databases/databasesBundle'),
  'indexes.js': () => require('./indexes/indexesBundle'),
  'collectionViewHost.js': () => require('./collectionView/collectionViewHost'),
  'documentMerge.js': () => require('./documents/documentMergeBundle'),
  'documentSave.js': () => require('./documents/documentSaveBundle'),
  'rules.js': () => require('./rules/rulesBundle'),
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
