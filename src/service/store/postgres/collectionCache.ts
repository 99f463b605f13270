import type { PoolClient } from 'pg';
import type { CollectionData } from '../../query/collectionData';
import type { AccountState } from '../accountState';
import type { RequestScope } from '../accountStore';
import { figuresKey, readCollection, readFigures } from './accountRows';
import { StoredCollection } from './storedCollection';
import { unavailable } from './unavailable';

/** A loaded collection where it is in the account's state. */
interface Placed {
  db: string;
  col: string;
  data: CollectionData;
}

const building = (data: CollectionData): boolean => data.queryIndexes.some((index) => index.build !== undefined);

/**
 * Which collections of one account's state hold their documents in this process (PostgreSQL): those requests are
 * using (pinned) and, within `budgetBytes` of stored document text, those used last. Past the budget the least
 * recently used one goes back to a {@link StoredCollection} keeping its indexes, rules and figures; the one used last
 * always stays.
 */
export class CollectionCache {
  private readonly pins = new Map<CollectionData, number>();
  private readonly lastUse = new Map<CollectionData, number>();
  private uses = 0;

  constructor(private readonly budgetBytes: number) {}

  /** The collections of `scope` in `state`, as they are now (a collection that does not exist is not there). */
  collectionsOf(state: AccountState, scope: RequestScope): Placed[] {
    const placed: Placed[] = [];
    for (const { db, col } of scope.collections) {
      const data = state.collection(db, col);
      if (data) placed.push({ db, col, data });
    }
    for (const db of scope.databases) for (const [col, data] of state.databases.get(db)?.collections ?? []) placed.push({ db, col, data });
    return placed;
  }

  /** The stored collections whose figures `scope` reports and no read has found yet. */
  figuresWanted(state: AccountState, scope: RequestScope): (Placed & { data: StoredCollection })[] {
    const names = scope.figures === 'all' ? [...state.databases.keys()] : scope.figures;
    const wanted: (Placed & { data: StoredCollection })[] = [];
    for (const db of names)
      for (const [col, data] of state.databases.get(db)?.collections ?? [])
        if (data instanceof StoredCollection && !data.knowsFigures) wanted.push({ db, col, data });
    return wanted;
  }

  needsLoading(state: AccountState, scope: RequestScope): boolean {
    return this.collectionsOf(state, scope).some(({ data }) => !data.loaded) || this.figuresWanted(state, scope).length > 0;
  }

  /**
   * Reads into `state` the documents of the collections `scope` names and the figures it reports, in the transaction
   * of `client` (which the caller caught up in), noting in `scope` how long it took.
   */
  async load(client: PoolClient, account: string, state: AccountState, scope: RequestScope): Promise<void> {
    const startedAt = performance.now();
    try {
      for (const { db, col, data } of this.collectionsOf(state, scope)) {
        if (data.loaded) continue;
        const loaded = await readCollection(client, account, { db, col }, data);
        state.databases.get(db)!.collections.set(col, loaded);
      }
      const wanted = this.figuresWanted(state, scope);
      if (wanted.length === 0) return;
      const figures = await readFigures(client, account, [...new Set(wanted.map(({ db }) => db))]);
      for (const { db, col, data } of wanted) data.setFigures(figures.get(figuresKey(db, col)) ?? { count: 0, dataSize: 0 });
    } catch (error) {
      throw unavailable(error, 'the account could not be read');
    } finally {
      scope.loadMs = (scope.loadMs ?? 0) + performance.now() - startedAt;
    }
  }

  /** Marks the collections as in use by a request until the function returned is called. */
  pin(collections: CollectionData[]): () => void {
    const use = ++this.uses;
    for (const data of collections) {
      this.pins.set(data, (this.pins.get(data) ?? 0) + 1);
      this.lastUse.set(data, use);
    }
    return () => {
      for (const data of collections) {
        const left = (this.pins.get(data) ?? 1) - 1;
        if (left > 0) this.pins.set(data, left);
        else this.pins.delete(data);
      }
    };
  }

  /** The state was read again: every collection in it is stored, none loaded. */
  forget(): void {
    this.lastUse.clear();
  }

  /** Puts loaded collections back to stored ones, least recently used first, until the rest fit the budget. */
  evict(state: AccountState): void {
    const loaded: Placed[] = [];
    let total = 0;
    for (const [db, database] of state.databases)
      for (const [col, data] of database.collections)
        if (data.loaded) {
          loaded.push({ db, col, data });
          total += data.dataSize;
        }
    if (total <= this.budgetBytes) return;
    loaded.sort((a, b) => (this.lastUse.get(a.data) ?? this.uses) - (this.lastUse.get(b.data) ?? this.uses));
    // The one used last stays whatever its size: writes to one collection larger than the budget would load it each time.
    loaded.pop();
    for (const { db, col, data } of loaded) {
      if (total <= this.budgetBytes) return;
      if (this.pins.has(data) || building(data)) continue;
      total -= data.dataSize;
      state.databases.get(db)!.collections.set(col, storedCopy(data));
      this.lastUse.delete(data);
    }
  }
}

/** A stored collection with what `data` knows: its indexes, rules, figures and how its indexes were used. */
export function storedCopy(data: CollectionData): StoredCollection {
  const stored = new StoredCollection({ count: data.count, dataSize: data.dataSize });
  for (const index of data.indexes) stored.addIndex(index);
  stored.rules = data.rules;
  stored.adoptUsage(data.queryIndexes);
  return stored;
}
