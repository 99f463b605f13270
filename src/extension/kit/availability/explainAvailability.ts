import * as vscode from 'vscode';
import { isServiceError } from '../../../core/api/serviceError';
import type { DbHostApi } from '../../../core/api/types';
import type { Services } from '../../services';
import { isAbsentEndpoint } from './featureAvailability';

interface ExplainAvailability {
  /** Clients whose service answered that it has no explain (a new key or address makes a new client). */
  absent: WeakSet<DbHostApi>;
  probes: WeakMap<DbHostApi, Promise<boolean>>;
  changed: vscode.EventEmitter<void>;
}

/**
 * Kept under a registered symbol: the main bundle (the lens), dist/indexes.js and dist/originalFeatures.js each
 * hold a copy of this module, and all must see what one of them learnt.
 */
const KEY = Symbol.for('dbhost.explainAvailability');

function availability(): ExplainAvailability {
  const holder = globalThis as { [KEY]?: ExplainAvailability };
  holder[KEY] ??= { absent: new WeakSet(), probes: new WeakMap(), changed: new vscode.EventEmitter<void>() };
  return holder[KEY];
}

/** Fires when a service turned out not to offer explain: its Explain actions are hidden from then on. */
export const onDidChangeExplainAvailability: vscode.Event<void> = (listener, thisArg, disposables) =>
  availability().changed.event(listener, thisArg, disposables);

/**
 * Whether an error is a service saying it has no explain at all. A 404 that says a database or collection
 * does not exist is about the query's target, not about explain.
 */
export function isExplainAbsent(error: unknown): boolean {
  if (!isAbsentEndpoint(error)) return false;
  return !(isServiceError(error) && error.status === 404 && /does not exist/i.test(error.serviceMessage ?? ''));
}

/** Records that the client's service has no explain, and tells whoever shows an Explain action. */
export function markExplainAbsent(client: DbHostApi): void {
  availability().absent.add(client);
  availability().changed.fire();
}

export function isExplainKnownAbsent(client: DbHostApi): boolean {
  return availability().absent.has(client);
}

/** Whether the account's service is known to have no explain (learnt from a 404; nothing is sent to find out). */
export async function explainHidden(services: Services, accountId: string): Promise<boolean> {
  try {
    return isExplainKnownAbsent(await services.accounts.clientFor(accountId));
  } catch {
    return false;
  }
}

/**
 * Whether the service offers explain, asked once per client with an explain of a lookup by `_id` (cheap
 * everywhere). Any answer but "no such endpoint" counts as offered, so a passing failure hides nothing.
 */
export function explainOffered(client: DbHostApi, db: string, col: string): Promise<boolean> {
  const { probes } = availability();
  if (isExplainKnownAbsent(client)) return Promise.resolve(false);
  let probe = probes.get(client);
  if (!probe) {
    probe = client.explain(db, col, { q: { _id: 'dbhost-explain-probe' }, limit: 1 }).then(
      () => true,
      (error: unknown) => {
        if (!isExplainAbsent(error)) return true;
        markExplainAbsent(client);
        return false;
      },
    );
    probes.set(client, probe);
  }
  return probe;
}
