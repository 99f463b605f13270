import { hasGuardrails } from '../../../core/guardrails/accountGuardrails';
import type { Account } from './account';
import type { AccountLookText } from '../../guardrails/accountLookText';
import { guardrailsBundle } from '../lazy/loadGuardrails';

/** The tag, mode icon and colour of an account that has any (from the guardrails bundle); undefined for a plain account. */
export function lookOf(account: Account): AccountLookText | undefined {
  return hasGuardrails(account) ? guardrailsBundle().lookTextOf(account) : undefined;
}
