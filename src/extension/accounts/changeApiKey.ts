import * as vscode from 'vscode';
import { resolveAccount } from '../kit/targets/resolveTarget';
import type { Services } from '../services';
import { askApiKey } from './askAccountDetails';
import { checkApiKey } from './checkApiKey';
import { confirmDespiteFailedCheck } from './confirmDespiteFailedCheck';

/**
 * Replaces an account's key after checking it against GET /databases; a refused key or an
 * unreachable service is kept only if the user says so.
 */
export async function changeApiKey(services: Services, arg: unknown): Promise<void> {
  const { accountId } = await resolveAccount(services, arg);
  const account = services.accounts.require(accountId);
  const apiKey = await askApiKey(services.prompts, account.label);
  const check = await checkApiKey(services.accounts.makeClient(account.baseUrl, apiKey), account.baseUrl, services.logger);
  if (check.kind !== 'accepted') await confirmDespiteFailedCheck(services, check.message, vscode.l10n.t('Keep New Key'));
  await services.accounts.setApiKey(accountId, apiKey);
  services.changes.fire({ accountId }, 'account');
  services.logger.scoped('accounts').info(`Changed the API key of "${account.label}"`);
  void services.prompts.info(
    check.kind === 'accepted'
      ? vscode.l10n.t('The new key of "{0}" works.', account.label)
      : vscode.l10n.t('Saved the new key of "{0}".', account.label),
  );
}
