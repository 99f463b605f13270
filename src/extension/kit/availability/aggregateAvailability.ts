import * as vscode from 'vscode';
import type { DbHostApi } from '../../../core/api/types';
import type { Services } from '../../services';
import { isAbsentEndpoint, isKnownAbsent, markAbsent } from './featureAvailability';

/** Told when a service turned out not to offer aggregation pipelines: their Run and Preview to here lenses are hidden from then on. */
const changed = new vscode.EventEmitter<void>();

export const onDidChangeAggregateAvailability: vscode.Event<void> = changed.event;

/** Whether an error is a service saying it has no `…/aggregate`; a 404 saying the database or collection does not exist is not. */
export function isAggregateAbsent(error: unknown, describe: (error: unknown) => string): boolean {
  return isAbsentEndpoint(error) && !/does not exist/i.test(describe(error));
}

/** Records that the client's service has no aggregation, and tells whoever shows a pipeline's lenses. */
export function markAggregateAbsent(client: DbHostApi): void {
  markAbsent(client, 'aggregate');
  changed.fire();
}

/** Whether the account's service is known to have no aggregation (learnt from a 404; nothing is sent to find out). */
export async function aggregateHidden(services: Services, accountId: string): Promise<boolean> {
  try {
    return isKnownAbsent(await services.accounts.clientFor(accountId), 'aggregate');
  } catch {
    return false;
  }
}
