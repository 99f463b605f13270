import type { RequestScope } from '../accountStore';
import { CollectionWanted } from '../storeIndexBuilds';

/**
 * Runs a write request; each time it found it needs a collection's documents after all ({@link CollectionWanted}:
 * nothing was stored), runs it once more with that collection loaded too (a copy checks each collection with rules).
 */
export async function loadWhenWanted<T>(scope: RequestScope, write: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof CollectionWanted)) throw error;
      const { db, col } = error;
      if (scope.collections.some((named) => named.db === db && named.col === col)) throw error;
      scope.collections.push({ db, col });
    }
  }
}
