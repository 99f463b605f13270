import { resolveAccount } from '../shared/resolveTarget';
import { isLocalServiceAccount } from '../shared/localServiceAccount';
import type { Services } from '../services';

export async function removeAccount(services: Services, arg: unknown): Promise<boolean> {
  const { accountId } = await resolveAccount(services, arg);
  const account = services.accounts.require(accountId);
  const detail = isLocalServiceAccount(services, accountId)
    ? 'If the local service runs in this window, it stops. Its data and key stay on this machine for the next "Start Local Service".'
    : "Its API key is deleted from this machine's secret storage. Nothing on the service is changed.";
  const confirmed = await services.prompts.confirm(`Remove the account "${account.label}" from VS Code?`, {
    detail,
    confirmLabel: 'Remove Account',
  });
  if (!confirmed) return false;
  await services.accounts.remove(accountId);
  services.logger.scoped('accounts').info(`Removed the account "${account.label}"`);
  return true;
}
