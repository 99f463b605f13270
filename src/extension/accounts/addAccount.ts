import * as vscode from 'vscode';
import type { Services } from '../services';
import { askApiKey, askBaseUrl, askLabel } from './askAccountDetails';
import { confirmDespiteFailedCheck } from './confirmDespiteFailedCheck';
import { checkApiKey } from './checkApiKey';
import { CommandId } from '../kit/feature/commandIds';

const ACCOUNT_SETTINGS_ACTION = 'Account Settings…';

/** Asks for address, name and key, checks the key against the service, and saves the account. */
export async function addAccount(services: Services): Promise<void> {
  const baseUrl = await askBaseUrl(services.prompts);
  const label = await askLabel(services.prompts, new URL(baseUrl).host, vscode.l10n.t('Name the DB Host account'));
  const apiKey = await askApiKey(services.prompts, label);
  const check = await checkApiKey(services.accounts.makeClient(baseUrl, apiKey), baseUrl, services.logger);
  if (check.kind !== 'accepted') await confirmDespiteFailedCheck(services, check.message, vscode.l10n.t('Save Account Anyway'));
  const account = await services.accounts.add({ label, baseUrl, apiKey });
  services.logger.scoped('accounts').info(`Added the account "${label}" for ${baseUrl}`);
  // The optional last step: mode, colour and tag (Normal until chosen), from the message's button.
  void services.prompts
    .info(
      check.kind === 'accepted' ? `Added "${label}": ${check.databases} database${check.databases === 1 ? '' : 's'}.` : `Added "${label}".`,
      ACCOUNT_SETTINGS_ACTION,
    )
    .then(
      (action) =>
        action === ACCOUNT_SETTINGS_ACTION && vscode.commands.executeCommand(CommandId.accountSettings, { accountId: account.id }),
    );
}
