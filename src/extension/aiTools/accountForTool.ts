import type { Account } from '../kit/accounts/account';
import type { AccountStore } from '../kit/accounts/accountStore';
import { ToolInputError } from '../../core/aiTools/toolInput';
import { isJsonObject } from '../../core/json/lossless';

/** The account a tool call names (its label, case aside, or its id) and the input without `account`. */
export function accountForTool(accounts: AccountStore, input: unknown): { account: Account; rest: Record<string, unknown> } {
  const { account: named, ...rest } = isJsonObject(input) ? (input as Record<string, unknown>) : {};
  const all = accounts.list();
  const labels = all.map((account) => `"${account.label}"`).join(', ');
  if (named === undefined || named === null || named === '') {
    if (all.length === 1) return { account: all[0], rest };
    if (all.length === 0) throw new ToolInputError('No DB Host account is set up: the user adds one with "DB Host: Add Account…".');
    throw new ToolInputError(`"account" is required: ${all.length} accounts exist (${labels}). Pass one label.`);
  }
  if (typeof named !== 'string') throw new ToolInputError('"account" must be an account label (a string).');
  const wanted = named.trim().toLowerCase();
  const account = all.find((candidate) => candidate.id === named || candidate.label.trim().toLowerCase() === wanted);
  if (!account) throw new ToolInputError(`No account is labelled "${named}". The accounts are ${labels || 'none'}.`);
  return { account, rest };
}
