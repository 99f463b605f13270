import * as path from 'node:path';
import type * as GuardrailsModule from '../guardrails/guardrailsBundle';

let bundle: typeof GuardrailsModule | undefined;

/**
 * Confirmations, Account Settings… and the account's look on its documents are bundled apart, as
 * dist/guardrails.js, and loaded the first time an account uses them: accounts in Normal mode without
 * colour or tag never need them, and activation stays small.
 */
export function guardrailsBundle(): typeof GuardrailsModule {
  if (!bundle) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time path esbuild must not follow
    bundle = require(path.join(__dirname, 'guardrails.js')) as typeof GuardrailsModule;
  }
  return bundle;
}
