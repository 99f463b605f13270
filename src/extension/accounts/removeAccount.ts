import * as vscode from 'vscode';
import { resolveAccount } from '../kit/targets/resolveTarget';
import { isLocalServiceAccount } from '../kit/accounts/localServiceAccount';
import type { Services } from '../services';

export async function removeAccount(services: Services, arg: unknown): Promise<void> {
  const { accountId } = await resolveAccount(services, arg);
  const account = services.accounts.require(accountId);
  const detail = isLocalServiceAccount(services, accountId)
    ? vscode.l10n.t(
        'If the local service runs in this window, it stops. Its data and key stay on this machine for the next "Start Local Service".',
      )
    : vscode.l10n.t("Its API key is deleted from this machine's secret storage. Nothing on the service is changed.");
  const confirmed = await services.prompts.confirm(vscode.l10n.t('Remove the account "{0}" from VS Code?', account.label), {
    detail,
    confirmLabel: vscode.l10n.t('Remove Account'),
  });
  if (!confirmed) return;
  await services.accounts.remove(accountId);
  services.logger.scoped('accounts').info(`Removed the account "${account.label}"`);
}
