import type { ResourceTarget } from '../../base/resourceTarget';
import { resolveCollection } from './resolveTarget';
import type { Services } from '../../services';

export type CollectionTarget = ResourceTarget & { db: string; col: string };

/** The collection a command acts on: the tree node's or the caller's, with whatever is missing asked for. */
export async function resolveCollectionTarget(services: Services, arg: unknown): Promise<CollectionTarget> {
  const { accountId, db, col } = await resolveCollection(services, arg);
  return { accountId, db, col };
}
