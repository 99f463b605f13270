import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import type { AccountStore, AccountStores } from '../accountStore';
import { readCatalog } from './accountRows';
import { CollectionCache } from './collectionCache';
import type { StoreTarget } from './connection';
import { connectFailure, ensureDatabase, parseStoreUrl, StoreUnavailable } from './connection';
import { PostgresAccountStore } from './postgresAccountStore';
import { makeIdKeyIndexes } from './idKeyIndexes';
import { fillKeyCounts } from './keyBackfill';
import { createTables } from './schema';
import { unavailable } from './unavailable';

const POOL_SIZE = 10;
const CONNECT_TIMEOUT_MS = 5_000;
/** The stored text of the documents an account keeps loaded (a loaded document takes several times that in memory). */
export const DEFAULT_CACHE_MB = 32;

/** Every account's data in one PostgreSQL database, shared by every service process started with the same URL. */
class PostgresStores implements AccountStores {
  private readonly opened: PostgresAccountStore[] = [];
  private closing = false;
  /**
   * Made in the background: the `_id` B-trees of collections made before there were any (idKeyIndexes.ts), and the
   * key counts a stopped process or an upgrade left unfinished (keyBackfill.ts).
   */
  private readonly backfill: Promise<unknown>;

  constructor(
    private readonly target: StoreTarget,
    private readonly pool: Pool,
    private readonly log: (line: string) => void,
    /** Each account's budget of loaded documents' stored text (collectionCache.ts). */
    private readonly cacheBytes: number,
  ) {
    const idKeys = makeIdKeyIndexes(pool, () => this.closing, log).then(
      (made) => made > 0 && log(`Made ${made} PostgreSQL ${made === 1 ? 'index' : 'indexes'} of _id for sorts by _id`),
      (error: unknown) =>
        log(`The PostgreSQL indexes of _id could not be made (sorts by _id stay with the service): ${(error as Error).message}`),
    );
    const keyCounts = fillKeyCounts(pool, undefined, () => this.closing).catch((error: unknown) =>
      log(`Counting the keys of indexes could not go on (equalities are counted match by match): ${(error as Error).message}`),
    );
    this.backfill = Promise.all([idKeys, keyCounts]);
  }

  get description(): string {
    return `Data in PostgreSQL ${this.target.shown}`;
  }

  /** Made by the first process, read by every other, so that a key finds the same account in each. */
  async secret(): Promise<Buffer> {
    await this.pool.query("INSERT INTO dbhost_service (name, value) VALUES ('secret', $1) ON CONFLICT DO NOTHING", [
      randomBytes(32).toString('hex'),
    ]);
    const { rows } = await this.pool.query<{ value: string }>("SELECT value FROM dbhost_service WHERE name = 'secret'");
    return Buffer.from(rows[0].value, 'hex');
  }

  async open(tag: string): Promise<{ store: AccountStore; existed: boolean }> {
    const created = await this.pool.query('INSERT INTO dbhost_accounts (account) VALUES ($1) ON CONFLICT DO NOTHING', [tag]);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { state, seq } = await readCatalog(client, tag);
      await client.query('COMMIT');
      const store = new PostgresAccountStore(this.pool, tag, state, seq, this.log, new CollectionCache(this.cacheBytes));
      this.opened.push(store);
      return { store, existed: created.rowCount === 0 };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.opened.map((store) => store.close()), this.backfill]);
    await this.pool.end();
  }
}

/**
 * Connects to the database of a `--store` URL (creating it, and the tables, when missing). A URL that cannot be
 * used throws a {@link StoreUnavailable}: one line saying what failed, never the password.
 */
export async function openPostgresStores(url: string, log: (line: string) => void, cacheMb = DEFAULT_CACHE_MB): Promise<AccountStores> {
  const target = parseStoreUrl(url);
  await ensureDatabase(target, log);
  const pool = new Pool({ ...target.config, max: POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection PostgreSQL ended (a restart): the pool drops it and connects again when next needed.
  pool.on('error', (error) => log(`PostgreSQL connection lost: ${unavailable(error, 'it is opened again when needed').message}`));
  // A connection checked out of the pool has no listener of the pool's: when PostgreSQL goes away under it, its
  // 'error' event would end the service. The request using it gets the failure from its query (a 503) instead.
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await createTables(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new StoreUnavailable(connectFailure(target, error));
  }
  return new PostgresStores(target, pool, log, cacheMb * 1024 * 1024);
}
