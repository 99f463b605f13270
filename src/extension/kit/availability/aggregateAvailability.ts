import * as vscode from 'vscode';
import type { AggregateMemory } from '../../../core/aiTools/aggregateAbsence';
import { isAggregateEndpointAbsent } from '../../../core/aiTools/aggregateAbsence';
import type { DbHostApi } from '../../../core/api/types';
import type { Services } from '../../services';
import { isAbsentEndpoint, isKnownAbsent, markAbsent } from './featureAvailability';

/**
 * Told when a service turned out not to offer aggregation pipelines: their Run and Preview to here lenses are hidden
 * from then on. Kept under a registered symbol: the main bundle (the Run lens) and dist/playgroundKnowledge.js (the
 * previews) each hold a copy of this module, and all must hear what one of them learnt.
 */
const KEY = Symbol.for('dbhost.aggregateAvailability');

interface AggregateAvailability {
  changed: vscode.EventEmitter<void>;
  /** Clients whose service answered a pipeline: asked once each. */
  offered: WeakSet<DbHostApi>;
}

function availability(): AggregateAvailability {
  const holder = globalThis as { [KEY]?: AggregateAvailability };
  return (holder[KEY] ??= { changed: new vscode.EventEmitter<void>(), offered: new WeakSet() });
}

const changed = (): vscode.EventEmitter<void> => availability().changed;

export const onDidChangeAggregateAvailability: vscode.Event<void> = (listener, thisArg, disposables) =>
  changed().event(listener, thisArg, disposables);

/** Whether an error is a service saying it has no `…/aggregate`; a 404 saying the database or collection does not exist is not. */
export function isAggregateAbsent(error: unknown, describe: (error: unknown) => string): boolean {
  return isAbsentEndpoint(error) && !/does not exist/i.test(describe(error));
}

/** Records that the client's service has no aggregation, and tells whoever shows a pipeline's lenses. */
export function markAggregateAbsent(client: DbHostApi): void {
  markAbsent(client, 'aggregate');
  changed().fire();
}

/** Whether the account's service is known to have no aggregation (learnt from a 404; nothing is sent to find out). */
export async function aggregateHidden(services: Services, accountId: string): Promise<boolean> {
  try {
    return isKnownAbsent(await services.accounts.clientFor(accountId), 'aggregate');
  } catch {
    return false;
  }
}

/** What the AI tools remember of the client's aggregation: the same knowledge the playground's lenses follow. */
export function aggregateMemory(client: DbHostApi, label: string): AggregateMemory {
  return { label, known: () => isKnownAbsent(client, 'aggregate'), learnt: () => markAggregateAbsent(client) };
}

/**
 * Whether the service offers aggregation: no when known absent, else asked once per client with a pipeline of
 * one `$limit` on a collection that exists (cheap everywhere). Any answer but "no such endpoint" counts as
 * offered, so a passing failure hides nothing.
 */
export async function aggregateOffered(client: DbHostApi, db: string, col: string): Promise<boolean> {
  if (isKnownAbsent(client, 'aggregate')) return false;
  const { offered } = availability();
  if (offered.has(client)) return true;
  try {
    await client.aggregate(db, col, [{ $limit: 1 }], { limit: 1 });
  } catch (error) {
    if (isAggregateEndpointAbsent(error)) {
      markAggregateAbsent(client);
      return false;
    }
  }
  offered.add(client);
  return true;
}
