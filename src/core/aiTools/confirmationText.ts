import { accountTitle } from '../guardrails/accountGuardrails';
import { requestText } from '../guardrails/requestText';
import type { PlannedWrite } from './plannedWrite';

/** What a Confirm-writes account shows before an agent's write: the exact request, what it affects, whose account. */
export function confirmationText(plan: PlannedWrite, label: string, tag: string | undefined, affected: string): string {
  return [
    `${plan.summary}, asked by an AI agent (${plan.tool}).`,
    '',
    requestText(plan.request),
    '',
    affected,
    '',
    `"${accountTitle(label, tag)}" confirms every write: nothing is sent unless you accept.`,
  ].join('\n');
}
