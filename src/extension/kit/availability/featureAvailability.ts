import { isServiceError } from '../../../core/api/serviceError';
import type { DbHostApi } from '../../../core/api/types';

/** Endpoints of the original service that the interface text does not promise. */
/** (And aggregation pipelines, issue 31: beyond the interface like explain.) */
/** (And a collection's validation rules, issue 33: learnt from a PUT of rules answered 404.) */
export type OriginalFeature = 'users' | 'operations' | 'slowQueries' | 'copyDatabase' | 'deploymentStats' | 'aggregate' | 'rules';

/** Statuses with which a service says it has no such endpoint. */
const ABSENT_STATUSES = new Set([404, 405, 501]);

/** Whether an error is the service saying it does not offer the endpoint at all. */
export function isAbsentEndpoint(error: unknown): boolean {
  return isServiceError(error) && error.kind === 'http' && error.status !== undefined && ABSENT_STATUSES.has(error.status);
}

/**
 * What each account's service offers of the original's extras, learnt from its answers and kept per client
 * (a new key or address makes a new client, so it is learnt again).
 */
const answers = new WeakMap<DbHostApi, Map<OriginalFeature, Promise<boolean>>>();
/** What each client's service is known not to offer, for what must be known at once (a tree item's menu). */
const absent = new WeakMap<DbHostApi, Set<OriginalFeature>>();

function featuresOf(client: DbHostApi): Map<OriginalFeature, Promise<boolean>> {
  let features = answers.get(client);
  if (!features) answers.set(client, (features = new Map()));
  return features;
}

function absentOf(client: DbHostApi): Set<OriginalFeature> {
  let features = absent.get(client);
  if (!features) absent.set(client, (features = new Set()));
  return features;
}

/**
 * Whether the service offers `feature`, asking it once with `probe` (a GET on something known to exist). Any
 * answer but "no such endpoint" counts as offered, so a passing failure never hides a feature.
 */
export function offers(client: DbHostApi, feature: OriginalFeature, probe: () => Promise<unknown>): Promise<boolean> {
  const features = featuresOf(client);
  let answer = features.get(feature);
  if (!answer) {
    answer = probe().then(
      () => true,
      (error: unknown) => {
        if (!isAbsentEndpoint(error)) return true;
        absentOf(client).add(feature);
        return false;
      },
    );
    features.set(feature, answer);
  }
  return answer;
}

/** Records that the service turned out not to offer `feature`. */
export function markAbsent(client: DbHostApi, feature: OriginalFeature): void {
  featuresOf(client).set(feature, Promise.resolve(false));
  absentOf(client).add(feature);
}

/**
 * Whether the service is known not to offer `feature`, without asking it: for an extra that cannot be probed
 * without writing (Copy Database), learnt from the first attempt's "no such endpoint".
 */
export function isKnownAbsent(client: DbHostApi, feature: OriginalFeature): boolean {
  return absent.get(client)?.has(feature) ?? false;
}
