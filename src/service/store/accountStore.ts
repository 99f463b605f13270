import type { AccountState } from './accountState';
import type { Mutation } from './mutations';

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
   * refuses it (returning why; nothing is kept) or applies it to `state`. Resolves once stored.
   */
  commitCopy(mutations: Mutation[], complete: () => string | undefined): Promise<string | undefined>;
  /**
   * Runs one request against the account: its reads see the stored data, its answer waits for its commits.
   * `writes`: the request may commit (any method but GET).
   */
  serve<T>(run: () => T | Promise<T>, writes: boolean): T | Promise<T>;
  /** A new account's first data (the demo), stored before the service answers. */
  seed(batches: Iterable<Mutation[]>): Promise<void>;
  close(): void | Promise<void>;
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
