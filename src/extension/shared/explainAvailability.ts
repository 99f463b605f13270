import * as vscode from 'vscode';
import type { DbHostApi } from '../../core/api/types';
import type { Services } from '../services';
import { isServiceError } from '../../client/serviceError';
import { isAbsentEndpoint, knownAbsent, markAbsent, offers } from './featureAvailability';

const changed = new vscode.EventEmitter<void>();

/** Fires when a service turned out not to offer explain: its Explain actions are hidden from then on. */
export const onDidChangeExplainAvailability = changed.event;

/** Records that the account's service has no explain, and tells whoever shows an Explain action. */
export function markExplainAbsent(client: DbHostApi): void {
  markAbsent(client, 'explain');
  changed.fire();
}

/** Whether the account's service is known to have no explain (learnt from a 404; nothing is sent to find out). */
export async function explainHidden(services: Services, accountId: string): Promise<boolean> {
  try {
    return await knownAbsent(await services.accounts.clientFor(accountId), 'explain');
  } catch {
    return false;
  }
}

/**
 * Whether an error is a service saying it has no explain at all. A 404 that says a database or collection
 * does not exist is about the query's target, not about explain.
 */
export function isExplainAbsent(error: unknown): boolean {
  if (!isAbsentEndpoint(error)) return false;
  return !(isServiceError(error) && error.status === 404 && /does not exist/i.test(error.serviceMessage ?? ''));
}

/** Whether the service offers explain, asked once per client with an explain of a lookup by `_id` (cheap everywhere). */
export function explainOffered(client: DbHostApi, db: string, col: string): Promise<boolean> {
  return offers(client, 'explain', () =>
    client.explain(db, col, { q: { _id: 'dbhost-explain-probe' }, limit: 1 }).catch((error: unknown) => {
      if (isExplainAbsent(error)) throw error;
    }),
  );
}
