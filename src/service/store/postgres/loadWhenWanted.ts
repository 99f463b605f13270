import type { RequestScope } from '../accountStore';
import { CollectionWanted } from '../storeIndexBuilds';

/**
 * Runs a write request; when it found it needs a collection's documents after all ({@link CollectionWanted}: nothing
 * was stored), runs it once more with that collection loaded.
 */
export async function loadWhenWanted<T>(scope: RequestScope, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof CollectionWanted)) throw error;
    scope.collections.push({ db: error.db, col: error.col });
    return write();
  }
}
