import { resolveAccount } from '../kit/targets/resolveTarget';
import type { Services } from '../services';
import { askLabel } from './askAccountDetails';

export async function renameAccount(services: Services, arg: unknown): Promise<void> {
  const { accountId } = await resolveAccount(services, arg);
  const account = services.accounts.require(accountId);
  const label = await askLabel(services.prompts, account.label, `Rename "${account.label}"`);
  if (label !== account.label) await services.accounts.update(accountId, { label });
}
