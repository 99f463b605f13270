import type { PoolClient } from 'pg';
import type { Value } from '../../bson/extendedJson';
import { ID_INDEX } from '../../query/collectionData';
import type { AccountState } from '../accountState';
import type { RequestScope } from '../accountStore';
import type { Mutation } from '../mutations';
import { documentKey } from './documentKeys';
import { storedDocument } from './documentQueries';
import { uniqueIndexName } from './indexSql';
import { readFiltered } from './filteredCollection';
import { CollectionNeeded, PartialCollection } from './partialCollection';
import { StoredCollection } from './storedCollection';

/** The interface's unique indexes of a collection (but `_id_`) whose PostgreSQL unique index is there and valid. */
async function enforcedUnique(
  client: PoolClient,
  account: string,
  where: { db: string; col: string },
  base: StoredCollection,
): Promise<Set<string>> {
  const names = new Map<string, string>();
  for (const index of base.indexes)
    if (index.unique && index.name !== ID_INDEX.name) names.set(uniqueIndexName(account, where.db, where.col, index), index.name);
  if (names.size === 0) return new Set();
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE c.relname = ANY($1::text[]) AND i.indisvalid AND i.indisready AND i.indisunique`,
    [[...names.keys()]],
  );
  return new Set(rows.map((row) => names.get(row.name)!));
}

/**
 * The collections one write request reads only some documents of ({@link RequestScope.documents}), placed in the
 * account's state for the request and put back after it.
 */
export class PartialWrites {
  private placed: { db: string; col: string; partial: PartialCollection }[] = [];

  /**
   * Reads, in the write's transaction (which holds the account's lock), the documents `scope` names of collections
   * that are not loaded, and puts them in `state` in their collection's place. A loaded collection is written in memory.
   */
  async place(client: PoolClient, account: string, state: AccountState, scope: RequestScope): Promise<void> {
    for (const read of scope.documents ?? []) {
      const { db, col, ids } = read;
      const base = state.collection(db, col);
      if (!(base instanceof StoredCollection) || base instanceof PartialCollection) continue;
      if (read.criteria) {
        const enforced = await enforcedUnique(client, account, read, base);
        this.placeOne(state, read, await readFiltered(client, account, base, { ...read, criteria: read.criteria }, enforced));
        continue;
      }
      const keys = [...new Set(ids.map((id: Value) => documentKey(id)))];
      const { rows } = await client.query<{ body: string; version: string }>(
        'SELECT body, version FROM dbhost_documents WHERE account = $1 AND db = $2 AND col = $3 AND id = ANY($4::text[])',
        [account, db, col, keys],
      );
      const found = rows.map((row) => ({
        doc: storedDocument(row.body, { db, col }),
        size: Buffer.byteLength(row.body),
        version: Number(row.version),
      }));
      const partial = new PartialCollection(base, found, ids, await enforcedUnique(client, account, { db, col }, base));
      this.placeOne(state, read, partial);
    }
  }

  private placeOne(state: AccountState, { db, col }: { db: string; col: string }, partial: PartialCollection): void {
    state.databases.get(db)!.collections.set(col, partial);
    this.placed.push({ db, col, partial });
  }

  /** Whether the request running left a unique key to PostgreSQL (see {@link PartialCollection.leftToPostgres}). */
  get leftToPostgres(): boolean {
    return this.placed.some(({ partial }) => partial.leftToPostgres);
  }

  /** Whether every mutation is a put or delete into a collection placed for the request. */
  holdsAll(state: AccountState, mutations: Mutation[]): boolean {
    return mutations.every(
      (mutation) =>
        (mutation.op === 'put' || mutation.op === 'delete') && state.collection(mutation.db, mutation.col) instanceof PartialCollection,
    );
  }

  /** Puts back the collections placed: with the figures the request's writes changed once `stored`, else as they were. */
  restore(state: AccountState, stored: boolean): void {
    for (const { db, col, partial } of this.placed.splice(0)) {
      const collections = state.databases.get(db)?.collections;
      if (collections?.get(col) !== partial) continue;
      const figures = partial.changedFigures;
      if (stored && figures) partial.base.setFigures(figures);
      collections.set(col, partial.base);
    }
  }
}

/**
 * Runs a write request; when it met what the documents it read cannot decide ({@link CollectionNeeded}: nothing
 * was stored), runs it once more with the collections it writes loaded whole.
 */
export async function writeOrLoad<T>(scope: RequestScope, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof CollectionNeeded) || !scope.documents) throw error;
    scope.collections.push(...scope.documents.map(({ db, col }) => ({ db, col })));
    scope.documents = undefined;
    return write();
  }
}
