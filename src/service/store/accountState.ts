import type { Doc } from '../bson/extendedJson';
import type { QueryIndex } from '../query/indexes/queryIndex';
import { CollectionData } from '../query/collectionData';
import { compileStoredRules } from '../query/storedRules';
import type { DatabaseUser, Invoice, Mutation } from './mutations';

/** An index left to build in the background once the service answers (start-up). */
export interface WaitingBuild {
  db: string;
  col: string;
  data: CollectionData;
  index: QueryIndex;
}

export interface DatabaseData {
  name: string;
  slug: string;
  created: string;
  collections: Map<string, CollectionData>;
  /** Absent until the database has a user. */
  users?: Map<string, DatabaseUser>;
}

/**
 * Everything one account holds, in memory. `apply` is the only way it changes; it tolerates mutations
 * whose target is gone so that replaying a journal never fails half-way.
 */
export class AccountState {
  readonly databases = new Map<string, DatabaseData>();
  invoices: Invoice[] = [];
  /** Filled from the account's files (start-up): collections leave their ordered indexes until {@link finishReplay}. */
  replaying = false;

  /** The indexes the replay left to build in the background, until the service takes them. */
  private waitingBuilds: WaitingBuild[] = [];

  /** Ends the replay of the account's files: each collection leaves its indexes but `_id_` to a background build. */
  finishReplay(): void {
    this.replaying = false;
    for (const [db, database] of this.databases)
      for (const [col, data] of database.collections)
        for (const index of data.finishReplay()) this.waitingBuilds.push({ db, col, data, index });
  }

  /** The indexes left to build in the background by the replay (handlers/indexBuild.ts starts them), once. */
  takeWaitingBuilds(): WaitingBuild[] {
    const waiting = this.waitingBuilds;
    this.waitingBuilds = [];
    return waiting;
  }

  collection(db: string, name: string): CollectionData | undefined {
    return this.databases.get(db)?.collections.get(name);
  }

  /** `sizes`: the stored size of put documents where the caller measured it already (AccountDataStore.commit). */
  apply(mutation: Mutation, sizes?: Map<Doc, number>): void {
    switch (mutation.op) {
      case 'createDatabase':
        if (!this.databases.has(mutation.name)) {
          this.databases.set(mutation.name, {
            name: mutation.name,
            slug: mutation.slug,
            created: mutation.created,
            collections: new Map(),
          });
        }
        return;
      case 'dropDatabase':
        this.databases.delete(mutation.name);
        return;
      case 'setDatabasePlan': {
        const database = this.databases.get(mutation.name);
        if (database) database.slug = mutation.slug;
        return;
      }
      case 'createCollection': {
        const database = this.databases.get(mutation.db);
        if (database && !database.collections.has(mutation.name))
          database.collections.set(mutation.name, new CollectionData(this.replaying));
        return;
      }
      case 'dropCollection':
        this.databases.get(mutation.db)?.collections.delete(mutation.name);
        return;
      case 'renameCollection': {
        const collections = this.databases.get(mutation.db)?.collections;
        const data = collections?.get(mutation.name);
        if (!collections || !data || collections.has(mutation.to)) return;
        collections.delete(mutation.name);
        collections.set(mutation.to, data);
        return;
      }
      case 'createIndex':
        this.collection(mutation.db, mutation.col)?.addIndex(mutation.index);
        return;
      case 'dropIndex':
        this.collection(mutation.db, mutation.col)?.dropIndex(mutation.name);
        return;
      case 'setRules': {
        const data = this.collection(mutation.db, mutation.col);
        if (data) data.rules = mutation.rules ? compileStoredRules(mutation.rules) : undefined;
        return;
      }
      case 'put':
        this.collection(mutation.db, mutation.col)?.put(mutation.doc, sizes?.get(mutation.doc));
        return;
      case 'delete':
        this.collection(mutation.db, mutation.col)?.delete(mutation.id);
        return;
      case 'setInvoices':
        this.invoices = mutation.invoices;
        return;
      case 'putUser': {
        const database = this.databases.get(mutation.db);
        if (database) (database.users ??= new Map()).set(mutation.user.name, mutation.user);
        return;
      }
      case 'deleteUser':
        this.databases.get(mutation.db)?.users?.delete(mutation.name);
        return;
    }
  }

  /**
   * The mutations that rebuild this state from nothing: the content of a snapshot. The state is captured at
   * the call (lists of databases, collections, indexes, users and documents copied; the documents themselves
   * are never changed in place, a write stores a new one), so the batches may be taken later, a slice at a
   * time, while writes go on: they give the state as it was at the call.
   */
  rebuild(batchSize = 500): Generator<Mutation[]> {
    const databases = [...this.databases.values()].map((database) => ({
      name: database.name,
      slug: database.slug,
      created: database.created,
      users: [...(database.users?.values() ?? [])],
      collections: [...database.collections].map(([name, data]) => ({
        name,
        indexes: data.indexes.filter((index) => index.name !== '_id_'),
        rules: data.rules?.settings,
        docs: data.entries.map((entry) => entry.doc),
      })),
    }));
    const invoices = this.invoices;
    return (function* (): Generator<Mutation[]> {
      for (const database of databases) {
        yield [{ op: 'createDatabase', name: database.name, slug: database.slug, created: database.created }];
        if (database.users.length > 0) yield database.users.map((user): Mutation => ({ op: 'putUser', db: database.name, user }));
        for (const { name, indexes, rules, docs } of database.collections) {
          yield [
            { op: 'createCollection', db: database.name, name },
            ...indexes.map((index): Mutation => ({ op: 'createIndex', db: database.name, col: name, index })),
            ...(rules ? [{ op: 'setRules', db: database.name, col: name, rules } as Mutation] : []),
          ];
          for (let start = 0; start < docs.length; start += batchSize) {
            yield docs.slice(start, start + batchSize).map((doc): Mutation => ({ op: 'put', db: database.name, col: name, doc }));
          }
        }
      }
      yield [{ op: 'setInvoices', invoices }];
    })();
  }
}
