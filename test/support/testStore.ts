import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { installedPsql } from './postgresCluster';

/**
 * Which store the services that tests start use. `DBHOST_TEST_STORE=postgres` (with the cluster that
 * test/support/postgresRun.ts starts once per mocha run) puts every service started through testService, without a
 * store of its own, on a fresh PostgreSQL database; otherwise they use the journal store in their data folder.
 */
export const STORE_ENV = 'DBHOST_TEST_STORE';
/** Set by test/support/postgresRun.ts: `postgres://user@host:port/` of the run's cluster. */
export const CLUSTER_URL_ENV = 'DBHOST_TEST_POSTGRES_URL';

export const postgresRun = (): boolean => process.env[STORE_ENV] === 'postgres';

const storesByDataDir = new Map<string, string>();

/**
 * The store a test service on `dataDir` gets when the test names none: in a PostgreSQL run, the database this data
 * folder had before (a restart on the same folder finds its data again) or a fresh one.
 */
export function defaultStore(dataDir: string): { store: string; fresh: boolean } | undefined {
  if (!postgresRun()) return undefined;
  const known = storesByDataDir.get(dataDir);
  if (known) return { store: known, fresh: false };
  const base = process.env[CLUSTER_URL_ENV];
  if (!base)
    throw new Error(
      `${STORE_ENV}=postgres needs the run's PostgreSQL cluster: run mocha with --require test/support/postgresRun.ts (npm run test:service:postgres does).`,
    );
  const store = `${base}dbhost_test_${process.pid}_${storesByDataDir.size + 1}_${randomBytes(3).toString('hex')}`;
  storesByDataDir.set(dataDir, store);
  return { store, fresh: true };
}

/** Forgets the data folder's database and drops it (the service that used it has stopped). */
export async function dropDefaultStore(dataDir: string): Promise<void> {
  const store = storesByDataDir.get(dataDir);
  if (!store) return;
  storesByDataDir.delete(dataDir);
  await dropDatabase(store);
}

async function dropDatabase(url: string): Promise<void> {
  const { hostname, port, username, pathname } = new URL(url);
  const name = decodeURIComponent(pathname.slice(1));
  const args = ['-X', '-q', '-h', hostname, '-p', port, '-U', decodeURIComponent(username), '-d', 'postgres'];
  args.push('-v', 'ON_ERROR_STOP=1', '-c', `DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  const output = await new Promise<string | undefined>((done) => {
    const child = spawn(installedPsql(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.once('error', (error) => done(error.message));
    child.once('close', (code) => done(code === 0 ? undefined : text));
  });
  if (output !== undefined) throw new Error(`Could not drop the test database ${name}: ${output.trim()}`);
}

export const ABOUT_JOURNAL_FILES = "about the journal store's own files";
export const SEEDS_JOURNAL_FILES = "seeds its data by writing the journal store's files directly";

/**
 * `describe` for a suite about the journal store's own files (journal lines, compaction, damaged or truncated
 * files, group commit, the data folder) or that writes them itself: skipped in a PostgreSQL run, the reason in its title.
 */
export function describeJournalStore(title: string, body: (this: Mocha.Suite) => void, reason = ABOUT_JOURNAL_FILES): Mocha.Suite | void {
  if (postgresRun()) return describe.skip(`${title} [skipped on PostgreSQL: ${reason}]`, body);
  return describe(title, body);
}

/** {@link describeJournalStore} for a suite that seeds its data by writing the journal store's files itself. */
export function describeSeedingJournalFiles(title: string, body: (this: Mocha.Suite) => void): Mocha.Suite | void {
  return describeJournalStore(title, body, SEEDS_JOURNAL_FILES);
}

/** `it` for one such test in a suite that otherwise runs on both stores. */
export function itJournalStore(title: string, body: Mocha.AsyncFunc, reason = ABOUT_JOURNAL_FILES): Mocha.Test {
  if (postgresRun()) return it.skip(`${title} [skipped on PostgreSQL: ${reason}]`, body);
  return it(title, body);
}

export const NEEDS_POSTGRES = 'needs PostgreSQL: runs in `npm run test:service:postgres`';

/** `describe` for a suite that compares the stores or runs services over one PostgreSQL database: only in a PostgreSQL run. */
export function describePostgres(title: string, body: (this: Mocha.Suite) => void): Mocha.Suite | void {
  if (!postgresRun()) return describe.skip(`${title} [skipped: ${NEEDS_POSTGRES}]`, body);
  return describe(title, body);
}

/** A URL naming a new database of the run's cluster (the service creates it); only in a PostgreSQL run. */
export function freshPostgresStore(): string {
  const base = process.env[CLUSTER_URL_ENV];
  if (!postgresRun() || !base) throw new Error(`freshPostgresStore: ${NEEDS_POSTGRES}`);
  return `${base}dbhost_test_${process.pid}_${randomBytes(6).toString('hex')}`;
}
