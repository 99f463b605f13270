import type { Pool, PoolClient } from 'pg';
import { HttpError } from '../../errors';
import type { AccountState } from '../accountState';
import type { AccountStore } from '../accountStore';
import type { Mutation } from '../mutations';
import { stringifyMutations } from '../mutations';
import { changeMutations, readAccount, replaceState } from './accountRows';
import type { Statement } from './mutationSql';
import { applyWithStatements } from './mutationSql';
import { unavailable } from './unavailable';

/** Another service process committed to the account after this one last read it: the request runs again on fresh data. */
class StaleView extends Error {}

/** Change lines kept for the other processes to catch up from; one further behind reads the account again. */
const KEPT_CHANGES = 1000;
/** Tries of a request whose commit another process overtook, before it is answered with a 503. */
const TRIES = 3;
/** The change line of a commit too large to copy into the change log (Copy Database): the others read the account again. */
const READ_AGAIN = JSON.stringify({ m: [], readAgain: true });

/**
 * One account's data in PostgreSQL, with `state` the view the handlers read. Each commit is one transaction that
 * first moves the account's commit count on from the one this view was read at (`UPDATE … WHERE seq = $n`): when
 * another process committed meanwhile, nothing is written, the view is read again and the request runs again.
 * Every request first catches up with the commits of the other processes (dbhost_changes). Writes of this process
 * run one at a time; reads run beside them, on the view as it is, as they do on the journal store.
 */
export class PostgresAccountStore implements AccountStore {
  /** The commits of this process, in order: each starts once the one before is stored. */
  private chain: Promise<void> = Promise.resolve();
  /** The write request running (writes take turns), and the commits it waits for. */
  private writing: Promise<void> = Promise.resolve();
  private writer: Promise<void>[] | undefined;
  private refreshing: Promise<void> = Promise.resolve();
  /** A commit failed: `state` may hold what was not stored, so the next request reads the account again. */
  private stale = false;

  constructor(
    private readonly pool: Pool,
    private readonly account: string,
    readonly state: AccountState,
    /** The commit count `state` was read at, plus this process's commits since. */
    private seq: number,
    private readonly log: (line: string) => void,
  ) {}

  commit(mutations: Mutation[], durable: boolean): void {
    void durable; // Every commit is a committed transaction before the request is answered.
    if (mutations.length === 0) return;
    const line = stringifyMutations(mutations, { at: Date.now() });
    void this.enqueue(applyWithStatements(this.state, mutations), line);
  }

  commitCopy(mutations: Mutation[], complete: () => string | undefined): Promise<string | undefined> {
    const refused = complete();
    if (refused !== undefined) return Promise.resolve(refused);
    const stored = this.enqueue(applyWithStatements(this.state, mutations, false), READ_AGAIN);
    return stored.then(() => undefined);
  }

  serve<T>(run: () => T | Promise<T>, writes: boolean): Promise<T> {
    if (!writes) return this.read(run);
    const turn = this.writing.then(() => this.write(run));
    this.writing = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  async seed(batches: Iterable<Mutation[]>): Promise<void> {
    // One transaction: a process that sees the account sees all of its first data.
    await this.serve(() => {
      const statements = [...batches].flatMap((batch) => applyWithStatements(this.state, batch));
      void this.enqueue(statements, READ_AGAIN);
    }, true);
  }

  close(): Promise<void> {
    return this.chain.catch(() => undefined);
  }

  private async read<T>(run: () => T | Promise<T>): Promise<T> {
    // While a write of this process runs, it caught up when it started; reads see the view as it is.
    if (!this.writer) await this.refresh();
    return run();
  }

  private async write<T>(run: () => T | Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      await this.refresh();
      const commits: Promise<void>[] = [];
      this.writer = commits;
      try {
        const value = await run();
        await Promise.all(commits);
        return value;
      } catch (error) {
        await Promise.allSettled(commits);
        if (!(error instanceof StaleView)) throw error;
        if (attempt >= TRIES)
          throw new HttpError(
            503,
            'Other service processes kept writing to this account at the same moment; the change was not stored, try again',
          );
      } finally {
        this.writer = undefined;
      }
    }
  }

  /** Stores statements after this process's earlier commits; the running write request waits for it. */
  private enqueue(statements: Statement[], line: string): Promise<void> {
    const after = this.seq;
    this.seq += 1;
    const stored = this.chain.then(() => this.store(statements, line, after));
    this.chain = stored.catch(() => undefined);
    stored.catch(() => (this.stale = true));
    if (this.writer) this.writer.push(stored);
    else stored.catch((error: unknown) => this.log(`A commit outside a request could not be stored: ${(error as Error).message}`));
    return stored;
  }

  private async store(statements: Statement[], line: string, after: number): Promise<void> {
    const client = await this.connect();
    try {
      await client.query('BEGIN');
      const moved = await client.query('UPDATE dbhost_accounts SET seq = $3 WHERE account = $1 AND seq = $2', [
        this.account,
        after,
        after + 1,
      ]);
      if (moved.rowCount !== 1) throw new StaleView();
      for (const statement of statements) await client.query(statement.text, [this.account, ...statement.values]);
      await client.query('INSERT INTO dbhost_changes (account, seq, line) VALUES ($1, $2, $3)', [this.account, after + 1, line]);
      if ((after + 1) % 100 === 0)
        await client.query('DELETE FROM dbhost_changes WHERE account = $1 AND seq <= $2', [this.account, after + 1 - KEPT_CHANGES]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (error instanceof StaleView) throw error;
      throw unavailable(error, 'the change was not stored');
    } finally {
      client.release();
    }
  }

  /** Catches up with the other processes' commits, or reads the account again after a failed commit or a gap. */
  private refresh(): Promise<void> {
    const next = this.refreshing.then(() => this.catchUp());
    this.refreshing = next.catch(() => undefined);
    return next;
  }

  private async catchUp(): Promise<void> {
    if (this.stale) return this.readAgain();
    let rows: { current: string; seq: string | null; line: string | null }[];
    try {
      ({ rows } = await this.pool.query<{ current: string; seq: string | null; line: string | null }>(
        `SELECT a.seq AS current, c.seq, c.line FROM dbhost_accounts a
         LEFT JOIN dbhost_changes c ON c.account = a.account AND c.seq > $2 WHERE a.account = $1 ORDER BY c.seq`,
        [this.account, this.seq],
      ));
    } catch (error) {
      throw unavailable(error, 'the account could not be read');
    }
    const current = rows.length > 0 ? Number(rows[0].current) : this.seq;
    if (current === this.seq) return;
    const lines = rows.filter((row) => row.seq !== null);
    const contiguous = lines.length === current - this.seq && lines.every((row, i) => Number(row.seq) === this.seq + 1 + i);
    if (!contiguous || lines.some((row) => row.line === READ_AGAIN)) return this.readAgain();
    const batches = lines.map((row) => changeMutations(row.line!));
    for (const batch of batches) for (const mutation of batch) this.state.apply(mutation);
    this.seq = current;
  }

  private async readAgain(): Promise<void> {
    await this.chain;
    const client = await this.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { state, seq } = await readAccount(client, this.account, false);
      await client.query('COMMIT');
      replaceState(this.state, state);
      this.seq = seq;
      this.stale = false;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw unavailable(error, 'the account could not be read');
    } finally {
      client.release();
    }
  }

  private async connect(): Promise<PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      throw unavailable(error, 'nothing was read or stored');
    }
  }
}
