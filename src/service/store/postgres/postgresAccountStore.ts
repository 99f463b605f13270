import type { Pool, PoolClient } from 'pg';
import type { AccountState } from '../accountState';
import type { AccountStore, DocumentSource, DocumentsCopy, RequestScope } from '../accountStore';
import type { Mutation } from '../mutations';
import type { CollectionData } from '../../query/collectionData';
import { HttpError } from '../../errors';
import { stringifyMutations } from '../mutations';
import { changeMutations, readCatalog, readChanges, replaceState } from './accountRows';
import type { CollectionCache } from './collectionCache';
import { PostgresDocuments } from './documentQueries';
import { copyStatements } from './documentsCopy';
import type { Definition, Statement } from './mutationSql';
import { applyWithStatements, makeDefinitions } from './mutationSql';
import { CollectionNeeded } from './partialCollection';
import { storeCommit } from './commitRows';
import { PartialWrites, writeOrLoad } from './partialWrites';
import { PostgresIndexBuilds } from './indexBuilds';
import { loadWhenWanted } from './loadWhenWanted';
import { connectOrUnavailable, unavailable } from './unavailable';

/** The change line of a commit too large to copy into the change log (Copy Database): the others read the account again. */
export const READ_AGAIN = JSON.stringify({ m: [], readAgain: true });

/** The write request running: its transaction, which holds the account's lock, and the commits it waits for. */
interface RunningWrite {
  transaction: PoolClient;
  commits: Promise<void>[];
}

/**
 * One account's data in PostgreSQL, with `state` the view the handlers read: the whole catalog, and the documents
 * of the collections requests name, loaded for them and kept within the cache's budget (collectionCache.ts). A
 * write request is one transaction that first locks the account's row (`SELECT … FOR UPDATE`): writes through other
 * processes queue behind it, never fail. Inside the lock it catches up with their commits (dbhost_changes), loads
 * what it names, runs, and stores its commits, each moving the account's commit count on. Every read first catches
 * up too. Writes of this process run one at a time; reads run beside them, on the view as it is, as they do on the
 * journal store; a read naming a collection not loaded loads it between two writes, in one snapshot with its catch-up.
 */
export class PostgresAccountStore implements AccountStore {
  /** The commits of the write request running, in order: each starts once the one before is stored. */
  private chain: Promise<void> = Promise.resolve();
  /** The write request running (writes take turns), and the commits it waits for. */
  private writing: Promise<void> = Promise.resolve();
  private writer: Promise<void>[] | undefined;
  /** The connection of the write request running, in its transaction: its commits are stored through it. */
  private transaction: PoolClient | undefined;
  private refreshing: Promise<void> = Promise.resolve();
  /** The catch-up of reads queued behind the one running, not started yet: every read arriving until it starts shares it. */
  private nextCatchUp: Promise<void> | undefined;
  /** A commit failed: `state` may hold what was not stored, so the next request reads the account again. */
  private stale = false;
  /** A write of this process holds the account's lock and caught up inside it: no commit can be missed, none is read. */
  private lockedAndCaughtUp = false;
  readonly documents: DocumentSource;
  readonly indexBuilds: PostgresIndexBuilds;
  /** Index definitions of the commits stored: made once their transaction committed (see define). */
  private definitions: Definition[] = [];
  /** The collections the write request running reads only some documents of; whether it changed anything else. */
  private readonly partials = new PartialWrites();
  private changedOther = false;

  constructor(
    private readonly pool: Pool,
    private readonly account: string,
    readonly state: AccountState,
    /** The commit count `state` was read at, plus this process's commits since. */
    private seq: number,
    private readonly log: (line: string) => void,
    private readonly cache: CollectionCache,
  ) {
    this.documents = new PostgresDocuments(pool, account);
    this.indexBuilds = new PostgresIndexBuilds(pool, account, state);
  }

  commit(mutations: Mutation[], durable: boolean): void {
    void durable; // Every commit is a committed transaction before the request is answered.
    if (mutations.length === 0) return;
    const request = this.runningWrite();
    if (!this.partials.holdsAll(this.state, mutations)) this.changedOther = true;
    const line = stringifyMutations(mutations, { at: Date.now() });
    void this.enqueue(request, applyWithStatements(this.account, this.state, mutations), line);
  }

  readonly copiesDocuments = true;
  commitCopy(mutations: Mutation[], complete: () => string | undefined, documents?: DocumentsCopy): Promise<string | undefined> {
    const request = this.runningWrite();
    const existed = documents !== undefined && this.state.databases.has(documents.to);
    const refused = complete();
    if (refused !== undefined) return Promise.resolve(refused);
    this.changedOther = true;
    if (documents) this.stale = true; // `state` lacks the destination until the next request reads it (documentsCopy.ts).
    const statements = copyStatements(this.account, this.state, mutations, documents, existed);
    return this.enqueue(request, statements, READ_AGAIN).then(() => undefined);
  }

  serve<T>(run: () => T | Promise<T>, writes: boolean, scope: RequestScope = { collections: [], databases: [], figures: [] }): Promise<T> {
    if (!writes) return this.read(run, scope);
    return this.takeTurn(() => loadWhenWanted(scope, () => writeOrLoad(scope, () => this.write(run, scope))));
  }

  /** Runs `work` once the writes of this process before it are done; the next write waits for it. */
  private takeTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.writing.then(work);
    this.writing = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  async seed(batches: Iterable<Mutation[]>): Promise<void> {
    // One transaction: a process that sees the account sees all of its first data.
    await this.serve(() => {
      // The demo's few documents need no PostgreSQL index; making them while accounts start held the start up.
      const statements = [...batches]
        .flatMap((batch) => applyWithStatements(this.account, this.state, batch))
        .filter((statement) => !statement.ddl);
      void this.enqueue(this.runningWrite(), statements, READ_AGAIN);
    }, true);
  }

  close(): Promise<void> {
    return this.chain.catch(() => undefined);
  }

  private async read<T>(run: () => T | Promise<T>, scope: RequestScope): Promise<T> {
    // While a write of this process runs, it caught up when it started; reads see the view as it is.
    if (!this.writer) await this.catchUpForRead();
    const release = this.cache.needsLoading(this.state, scope) ? await this.takeTurn(() => this.loadForRead(scope)) : this.pin(scope);
    try {
      return await run();
    } finally {
      release();
      this.cache.evict(this.state);
    }
  }

  async loadCollection(db: string, col: string): Promise<CollectionData | undefined> {
    const scope: RequestScope = { collections: [{ db, col }], databases: [], figures: [] };
    if (!this.cache.needsLoading(this.state, scope)) return this.state.collection(db, col);
    const release = await this.takeTurn(() => this.loadForRead(scope));
    const data = this.state.collection(db, col);
    release();
    return data;
  }

  /** Pins what `scope` names, a loaded collection of which a write reads only some documents too. */
  private pin(scope: RequestScope): () => void {
    const named = this.cache.collectionsOf(this.state, scope).map(({ data }) => data);
    for (const { db, col } of scope.documents ?? [])
      if (this.state.collection(db, col)?.loaded) named.push(this.state.collection(db, col)!);
    return this.cache.pin(named);
  }

  /** Catches up and loads what `scope` names in one snapshot, between two writes of this process; pins it. */
  private async loadForRead(scope: RequestScope): Promise<() => void> {
    await this.chain;
    const client = await connectOrUnavailable(this.pool);
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await this.refresh(client, scope);
      await client.query('COMMIT');
      return this.pin(scope);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw unavailable(error, 'the account could not be read');
    } finally {
      client.release();
    }
  }

  private async write<T>(run: () => T | Promise<T>, scope: RequestScope): Promise<T> {
    await this.chain;
    const client = await connectOrUnavailable(this.pool);
    let release = () => {};
    let outcome: 'open' | 'committing' | 'committed' = 'open';
    let seq: number | undefined;
    try {
      await this.begin(client, scope);
      seq = this.seq;
      this.changedOther = false;
      release = this.pin(scope);
      const commits: Promise<void>[] = [];
      this.writer = commits;
      this.transaction = client;
      let value: T | undefined;
      let failure: { error: unknown } | undefined;
      try {
        value = await run();
      } catch (error) {
        failure = { error };
      }
      const stored = await Promise.allSettled(commits);
      const refused = stored.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (refused) throw refused.reason;
      // A refusal may hide a duplicate key PostgreSQL would have refused first: decided with the collection loaded.
      const hidesDuplicate = failure?.error instanceof HttpError && failure.error.status < 500 && this.partials.leftToPostgres;
      if (failure?.error instanceof CollectionNeeded || hidesDuplicate) throw new CollectionNeeded();
      outcome = 'committing';
      await this.finish(client, commits.length > 0);
      outcome = 'committed';
      this.lockedAndCaughtUp = false;
      // The lock is released: reads catch up again while the indexes are made (they can take long).
      [this.writer, this.transaction] = [undefined, undefined];
      await this.define();
      if (failure) throw failure.error;
      return value as T;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      this.definitions = [];
      // Rolled back before its COMMIT, a request that changed only documents it read leaves `state` as it was.
      if (seq !== undefined && outcome === 'open' && !this.changedOther) [this.seq, this.stale] = [seq, false];
      throw error;
    } finally {
      this.writer = undefined;
      this.transaction = undefined;
      this.lockedAndCaughtUp = false;
      client.release();
      release();
      this.indexBuilds.settle();
      this.partials.restore(this.state, outcome === 'committed');
      this.cache.evict(this.state);
    }
  }

  /** Opens the write's transaction, waits for the account's row lock, and catches up and loads `scope` inside it. */
  private async begin(client: PoolClient, scope: RequestScope): Promise<void> {
    try {
      await client.query('BEGIN');
      await client.query('SELECT seq FROM dbhost_accounts WHERE account = $1 FOR UPDATE', [this.account]);
    } catch (error) {
      throw unavailable(error, 'nothing was read or stored');
    }
    await this.refresh(client, scope, true);
  }

  /** Commits the write's transaction; when that fails with commits in it, `state` may hold what was not stored. */
  private async finish(client: PoolClient, changed: boolean): Promise<void> {
    try {
      await client.query('COMMIT');
    } catch (error) {
      if (changed) this.stale = true;
      throw unavailable(error, 'the change was not stored');
    }
  }

  /** Makes the PostgreSQL indexes of the commits just stored (see {@link makeDefinitions}). */
  private define(): Promise<void> {
    return makeDefinitions(this.pool, this.definitions.splice(0), this.log);
  }

  /**
   * The transaction of the write request running, which holds the account's lock, and the commits it waits for. A
   * commit outside one, stored on a connection of its own, would wait for the lock of a write request that had just
   * taken it, and that write for the commit (queued before its own, and read again after): it is refused at once.
   */
  private runningWrite(): RunningWrite {
    if (!this.transaction || !this.writer)
      throw new Error("A commit outside a write request: the PostgreSQL store stores commits only in a write request's transaction");
    return { transaction: this.transaction, commits: this.writer };
  }

  /** Stores statements in the write request's transaction after its earlier commits; the request waits for them. */
  private enqueue(request: RunningWrite, statements: Statement[], line: string): Promise<void> {
    const after = this.seq;
    this.seq += 1;
    const stored = this.chain.then(() => this.storeIn(request.transaction, statements, line, after));
    this.chain = stored.catch(() => undefined);
    stored.catch(() => (this.stale = true));
    request.commits.push(stored);
    return stored;
  }

  private storeIn(client: PoolClient, statements: Statement[], line: string, after: number): Promise<void> {
    return storeCommit(client, this.account, { statements, line, after }, (definition) => this.definitions.push(definition));
  }

  /**
   * Catches up with the other processes' commits, or reads the account again after a failed commit or a gap; then,
   * given a transaction, loads `scope` in it (no other catch-up runs between, so what is loaded matches the state).
   */
  private refresh(client?: PoolClient, scope?: RequestScope, locked = false): Promise<void> {
    const next = this.refreshing.then(async () => {
      await this.catchUp(client);
      if (client && scope)
        await this.partials.place(client, this.account, this.state, scope).catch((error: unknown) => {
          throw unavailable(error, 'nothing was read or stored');
        });
      if (client && scope) await this.cache.load(client, this.account, this.state, scope);
      this.lockedAndCaughtUp = locked;
    });
    this.refreshing = next.catch(() => undefined);
    return next;
  }

  /**
   * A catch-up that starts after this read arrived, so that it sees every commit acknowledged before: the one
   * queued if there is one (reads arriving together share one query instead of each waiting for all before it).
   */
  private catchUpForRead(): Promise<void> {
    if (this.nextCatchUp) return this.nextCatchUp;
    const next = this.refreshing.then(() => {
      this.nextCatchUp = undefined;
      // Reading now would take the write's commits, not committed yet, for a gap, and read the account again under it.
      if (this.lockedAndCaughtUp) return;
      return this.catchUp();
    });
    this.nextCatchUp = next;
    this.refreshing = next.catch(() => undefined);
    return next;
  }

  private async catchUp(client?: PoolClient): Promise<void> {
    if (this.stale) return this.readAgain(client);
    let changes: { current: number; lines: { seq: number; line: string }[] };
    try {
      changes = await readChanges(client ?? this.pool, this.account, this.seq);
    } catch (error) {
      throw unavailable(error, 'the account could not be read');
    }
    const { current, lines } = changes;
    if (current === this.seq) return;
    const contiguous = lines.length === current - this.seq && lines.every((row, i) => row.seq === this.seq + 1 + i);
    if (!contiguous || lines.some((row) => row.line === READ_AGAIN)) return this.readAgain(client);
    const batches = lines.map((row) => changeMutations(row.line));
    for (const batch of batches) for (const mutation of batch) this.state.apply(mutation);
    this.seq = current;
  }

  /** Reads the whole account: in the write's transaction when given (which holds the account's lock), else in one of its own. */
  private async readAgain(transaction?: PoolClient): Promise<void> {
    await this.chain;
    const client = transaction ?? (await connectOrUnavailable(this.pool));
    try {
      if (!transaction) await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { state, seq } = await readCatalog(client, this.account);
      if (!transaction) await client.query('COMMIT');
      replaceState(this.state, state);
      this.cache.forget();
      this.seq = seq;
      this.stale = false;
    } catch (error) {
      if (!transaction) await client.query('ROLLBACK').catch(() => undefined);
      throw unavailable(error, 'the account could not be read');
    } finally {
      if (!transaction) client.release();
    }
  }
}
