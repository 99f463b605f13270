import { isServiceError } from '../../../core/api/serviceError';
import type { DbHostApi } from '../../../core/api/types';
import { isExplainKnownAbsent, markExplainAbsent } from './explainAvailability';
import { isAbsentEndpoint } from './featureAvailability';

/**
 * Whether an error is a service saying it has no explain at all. A 404 that says a database or collection
 * does not exist is about the query's target, not about explain.
 */
export function isExplainAbsent(error: unknown): boolean {
  if (!isAbsentEndpoint(error)) return false;
  return !(isServiceError(error) && error.status === 404 && /does not exist/i.test(error.serviceMessage ?? ''));
}

/** The one question asked of each client's service (a new key or address makes a new client). */
const probes = new WeakMap<DbHostApi, Promise<boolean>>();

/**
 * Whether the service offers explain, asked once per client with an explain of a lookup by `_id` (cheap
 * everywhere). Any answer but "no such endpoint" counts as offered, so a passing failure hides nothing.
 */
export function explainOffered(client: DbHostApi, db: string, col: string): Promise<boolean> {
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
