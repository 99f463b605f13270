import { accountTitle, modeOf } from '../../../core/guardrails/accountGuardrails';
import type { ConfirmOptions, Prompts } from '../../base/prompts';
import type { AccountStore } from '../accounts/accountStore';

/*
 * An account in Confirm writes asks before every write it sends (guardrails/writeGuard.ts). A command that
 * asks first anyway, modally (a delete, a bulk update, an import), names the account in that question and
 * sends the writes it asked about through `services.accounts.withConfirmedClient`: the user answers one
 * question, not two, and not one per document of an import or per row deleted from a collection view.
 * Read-only still refuses them.
 */

/** What a command's question reads of the `Services` (named here, so that services.ts and this module do not import each other). */
interface AskingServices {
  readonly accounts: Pick<AccountStore, 'get'>;
  readonly prompts: Prompts;
}

/**
 * A command's modal question about writes to `accountId`, with the account's tag in the title and, when it
 * confirms every write, a line that says this question is that confirmation.
 */
export function confirmWrite(services: AskingServices, accountId: string, message: string, options: ConfirmOptions): Promise<boolean> {
  const account = services.accounts.get(accountId);
  if (!account) return services.prompts.confirm(message, options);
  const title = account.tag ? `[${account.tag}] ${message}` : message;
  const confirming =
    modeOf(account) === 'confirm'
      ? `\n\n"${accountTitle(account.label, account.tag)}" confirms every write: this is that confirmation.`
      : '';
  return services.prompts.confirm(title, { ...options, detail: `${options.detail ?? ''}${confirming}`.trim() });
}
