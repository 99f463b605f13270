import { lazyModule } from '../../base/lazyModule';
import type * as GuardrailsModule from '../../guardrails/guardrailsBundle';

/**
 * Confirmations, Account Settings… and the account's look on its documents are bundled apart, as
 * dist/guardrails.mjs, and loaded the first time an account uses them: accounts in Normal mode without
 * colour or tag never need them, and activation stays small.
 */
export const guardrailsBundle = lazyModule<typeof GuardrailsModule>('guardrails');
