import * as path from 'node:path';
import type * as OriginalFeaturesModule from './originalFeaturesBundle';

let bundle: typeof OriginalFeaturesModule | undefined;

/**
 * The original service's extras (users, copy database, current operations, slow queries) are bundled apart,
 * as dist/originalFeatures.js, and loaded the first time a database is expanded or one of their commands
 * runs, so activation and dist/extension.js stay small.
 */
export function originalFeatures(): typeof OriginalFeaturesModule {
  if (!bundle) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time path esbuild must not follow
    bundle = require(path.join(__dirname, 'originalFeatures.js')) as typeof OriginalFeaturesModule;
  }
  return bundle;
}
