import * as vscode from 'vscode';
import type { DbHostApi } from '../../../core/api/types';
import type { Services } from '../../services';

/** Clients whose service answered that it has no explain (a new key or address makes a new client). */
const absent = new WeakSet<DbHostApi>();
const changed = new vscode.EventEmitter<void>();

/** Fires when a service turned out not to offer explain: its Explain actions are hidden from then on. */
export const onDidChangeExplainAvailability: vscode.Event<void> = changed.event;

/** Records that the client's service has no explain, and tells whoever shows an Explain action. */
export function markExplainAbsent(client: DbHostApi): void {
  absent.add(client);
  changed.fire();
}

export function isExplainKnownAbsent(client: DbHostApi): boolean {
  return absent.has(client);
}

/** Whether the account's service is known to have no explain (learnt from a 404; nothing is sent to find out). */
export async function explainHidden(services: Services, accountId: string): Promise<boolean> {
  try {
    return isExplainKnownAbsent(await services.accounts.clientFor(accountId));
  } catch {
    return false;
  }
}
