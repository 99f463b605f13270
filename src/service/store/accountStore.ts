import type { Doc, Value } from '../bson/extendedJson';
import type { CollectionData } from '../query/collectionData';
import type { AccountState } from './accountState';
import type { Mutation } from './mutations';
import type { StoreIndexBuilds } from './storeIndexBuilds';

/**
 * Where one account's data is kept: the handlers read `state` and change it only through `commit` and
 * `commitCopy`, inside `serve`. Two implementations: the journal files of the data folder
 * (accountDataStore.ts, the default) and a PostgreSQL database (postgres/postgresAccountStore.ts).
 */
export interface AccountStore {
  /** The account's data as the handlers read it; current for the whole of a request run through `serve`. */
  readonly state: AccountState;
  /**
   * Stores the mutations and applies them to `state` at once. The request that made them is answered only once
   * they are stored (durable ones synced); a failure to store them turns its answer into a 503.
   */
  commit(mutations: Mutation[], durable: boolean): void;
  /**
   * Stores a large change written over several turns (Copy Database): once it is stored whole, `complete`
   * refuses it (returning why; nothing is kept) or applies it to `state`. Resolves once stored. With `documents`
   * (only where {@link copiesDocuments}), the store copies those collections' documents itself in the same commit,
   * and `state` may lack the destination until the store's next request: what needs it is taken inside `complete`.
   */
  commitCopy(mutations: Mutation[], complete: () => string | undefined, documents?: DocumentsCopy): Promise<string | undefined>;
  /** Whether commitCopy copies documents where they are kept, without the service reading them (PostgreSQL). */
  readonly copiesDocuments?: boolean;
  /**
   * Runs one request against the account: its reads see the stored data, its answer waits for its commits.
   * `writes`: the request may commit (any method but GET). `scope`: what of `state` it reads (all of it when absent).
   */
  serve<T>(run: () => T | Promise<T>, writes: boolean, scope?: RequestScope): T | Promise<T>;
  /**
   * Reads documents where they are stored instead of from `state` (PostgreSQL, by SQL); the journal store has
   * none: its documents are in `state`.
   */
  readonly documents?: DocumentSource;
  /**
   * During a read request (GET) whose scope left a collection to the store (a query PostgreSQL may answer whole),
   * loads its documents into `state` once the request finds it needs them after all, and gives the collection as
   * loaded (undefined once it is gone). The journal store has none: its documents are in `state`.
   */
  loadCollection?(db: string, col: string): Promise<CollectionData | undefined>;
  /** Index builds the store runs itself over a collection it has not loaded (PostgreSQL); the journal store has none. */
  readonly indexBuilds?: StoreIndexBuilds;
  /** A new account's first data (the demo), stored before the service answers. */
  seed(batches: Iterable<Mutation[]>): Promise<void>;
  close(): void | Promise<void>;
}

/** The documents of `collections` of database `from`, copied by the store into the same collections of `to`. */
export interface DocumentsCopy {
  from: string;
  to: string;
  collections: string[];
  /** Set by the store once stored: how many documents it copied. */
  copied: number;
}

/**
 * What of an account's `state` one request reads: a store that keeps documents elsewhere (PostgreSQL) loads these
 * into it first; the journal store holds everything always.
 */
export interface RequestScope {
  /** Collections whose documents the request reads or writes. */
  collections: { db: string; col: string }[];
  /**
   * Collections of which the request reads or writes only the documents of these `_id`s (a write by `_id`, an
   * insert) and nothing else: a store may read just those (postgres/partialCollection.ts). With `criteria` (an update
   * by filter, `preview` its dry run), the documents it may match too (postgres/filteredCollection.ts).
   */
  documents?: { db: string; col: string; ids: Value[]; criteria?: Doc; preview?: boolean }[];
  /** Databases every collection of which it reads whole (a pipeline's `$lookup`, a copy). */
  databases: string[];
  /** Databases whose collections' counts and sizes it reports; `all`: every database's. */
  figures: string[] | 'all';
  /**
   * Set by a store that loaded documents for the request: how long that took. The slow query log leaves it out: it
   * is the store filling its cache, not the query's work, and no index makes it shorter.
   */
  loadMs?: number;
}

/**
 * Opens the store of each account by its tag (`key` only finds a journal folder named the old way); `existed` is
 * false for an account with no data yet.
 */
export interface AccountStores {
  /** What the service prints at start: where the data is (never a password). */
  readonly description: string;
  /** The secret that keys the hash finding an account from its key: made once, kept with the data. */
  secret(apiKeys: string[]): Promise<Buffer>;
  open(tag: string, key: string): Promise<{ store: AccountStore; existed: boolean }>;
  close(): Promise<void>;
}

/** Documents of a collection as one page or as candidates: see {@link DocumentSource.select}. */
export interface Selection {
  /** In natural order. */
  documents: Doc[];
  /** Set when `documents` is exactly the requested page of the matching documents and this many match in all. */
  total?: number;
}

/** Reads of documents answered where the store keeps them; the service decides what the store cannot. */
export interface DocumentSource {
  /** The document of the first of `ids` (in that order) that the collection holds. */
  byId(db: string, col: string, ids: Value[]): Promise<Doc | undefined>;
  /**
   * The documents matching the already checked filter `q`, when the store can decide it exactly, as the page
   * `window` (with `total`); otherwise every candidate (a superset, without `total`) for the caller to test, the
   * first `atMost` of them in natural order when given (the caller examines each, and could not examine more).
   * `keyed`: the index of one field the service's planner walks for `q`.
   */
  select(db: string, col: string, q: Doc, window?: { skip: number; limit: number }, options?: SelectOptions): Promise<Selection>;
  /**
   * The page `window` of the documents matching `q` in the order of the already checked `sort` (ties in natural
   * order), with `total`, when the store decides filter and order exactly (and has its own index for the sort
   * where the service would walk the index `walked`); otherwise undefined, for the service.
   */
  sortedPage(
    db: string,
    col: string,
    query: { q: Doc; sort: Doc; walked?: string },
    window: { skip: number; limit: number },
  ): Promise<Selection | undefined>;
  /**
   * How the store runs that `select` (or `sortedPage`, given a sort), from its own plan, run once more;
   * `indexes` the collection's index names.
   */
  explain(
    db: string,
    col: string,
    request: { q: Doc; sort?: Doc; window?: { skip: number; limit: number }; keyed?: KeyedIndex },
    indexes: string[],
  ): Promise<StorePlan>;
}

/** How `DocumentSource.select` may narrow its read. */
export interface SelectOptions {
  keyed?: KeyedIndex;
  atMost?: number;
}

/** An index of one field (`path`) of the interface, by its name. */
export interface KeyedIndex {
  index: string;
  path: string;
}

/** A store's own plan of a {@link DocumentSource.select}, in the terms of the service's explain. */
export interface StorePlan {
  stage: 'IDHACK' | 'IXSCAN' | 'COLLSCAN';
  /** The index of the interface the store walked, if any. */
  index?: string;
  /** The store's condition on that index, in its own words. */
  condition?: string;
  keysExamined: number;
  docsExamined: number;
  /** The store decided the filter whole (and paged it); otherwise the service tested its candidates. */
  exact: boolean;
  /** The store's plan, one line per step (PostgreSQL's node types). */
  steps: string[];
}
