import type { AggregateMemory } from '../../../core/aiTools/aggregateAbsence';
import { isAggregateEndpointAbsent } from '../../../core/aiTools/aggregateAbsence';
import type { DbHostApi } from '../../../core/api/types';
import { markAggregateAbsent } from './aggregateAvailability';
import { isKnownAbsent } from './featureAvailability';

/** What the AI tools remember of the client's aggregation: the same knowledge the playground's lenses follow. */
export function aggregateMemory(client: DbHostApi, label: string): AggregateMemory {
  return { label, known: () => isKnownAbsent(client, 'aggregate'), learnt: () => markAggregateAbsent(client) };
}

/** Clients whose service answered a pipeline: asked once each. */
const offered = new WeakSet<DbHostApi>();

/**
 * Whether the service offers aggregation: no when known absent, else asked once per client with a pipeline of
 * one `$limit` on a collection that exists (cheap everywhere). Any answer but "no such endpoint" counts as
 * offered, so a passing failure hides nothing.
 */
export async function aggregateOffered(client: DbHostApi, db: string, col: string): Promise<boolean> {
  if (isKnownAbsent(client, 'aggregate')) return false;
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
