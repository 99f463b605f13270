import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Pool } from 'pg';
import { accountTag, keyDigest } from '../accountTags';
import { API_KEY_ENV } from '../cli';
import { connectFailure, parseStoreUrl } from '../store/postgres/connection';
import type { LoadOutcome, LoadTarget } from './postgresLoad';
import { loadIntoPostgres } from './postgresLoad';

export const LOAD_USAGE = `Usage: npm run pg-load -- --store postgres://USER@HOST:PORT/DBNAME --db DB --col COLLECTION FILE.jsonl

Loads a file of JSON lines (one document a line, extended JSON as Export Documents writes it) into a collection
of the account of an API key, on the PostgreSQL store services started with the same --store use. Each line is
checked as an inserted document is; a refused line (named in the error) stores nothing of the file. The database
must exist; the collection is made when missing. Running services see the documents once the load commits.

Options:
  --store URL     The services' --store (password from the URL or PGPASSWORD, as for the service)
  --api-key KEY   The account's API key (default: the ${API_KEY_ENV} environment variable)
  --db NAME       The database
  --col NAME      The collection
  --help          Show this help`;

export interface LoadOptions extends LoadTarget {
  store: string;
  apiKey: string;
  file: string;
}

export class LoadUsageError extends Error {}

export function parseLoadCli(argv: string[], env: NodeJS.ProcessEnv): LoadOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        store: { type: 'string' },
        'api-key': { type: 'string' },
        db: { type: 'string' },
        col: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new LoadUsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  const apiKey = values['api-key'] ?? env[API_KEY_ENV];
  if (!values.store) throw new LoadUsageError('--store is needed: the postgres:// URL the services use');
  if (!apiKey) throw new LoadUsageError(`--api-key (or ${API_KEY_ENV}) is needed: the key of the account to load into`);
  if (!values.db || !values.col) throw new LoadUsageError('--db and --col are needed: the database and collection to load into');
  if (positionals.length !== 1) throw new LoadUsageError('Name one file of JSON lines to load');
  return { store: values.store, apiKey, db: values.db, col: values.col, file: positionals[0] };
}

/** The lines of a file, read as a stream (a file of any size in bounded memory). */
async function* fileLines(path: string): AsyncIterable<string> {
  const input = createReadStream(path, { encoding: 'utf8' });
  yield* createInterface({ input, crlfDelay: Infinity });
}

/**
 * Loads `options.file` (or `lines`) into the store: the account is found from the key as the services find it
 * (a keyed hash under the store's secret); the key itself is never printed or stored.
 */
export async function runLoad(
  options: LoadOptions,
  progress: (loaded: number) => void = () => undefined,
  lines: AsyncIterable<string> = fileLines(options.file),
): Promise<LoadOutcome> {
  const target = parseStoreUrl(options.store);
  const pool = new Pool({ ...target.config, application_name: 'dbhost-pg-load', max: 2 });
  pool.on('error', () => undefined);
  try {
    let secret: string | undefined;
    try {
      const { rows } = await pool.query<{ value: string }>("SELECT value FROM dbhost_service WHERE name = 'secret'");
      secret = rows[0]?.value;
    } catch (error) {
      if ((error as { code?: string }).code !== '42P01') throw new LoadUsageError(connectFailure(target, error));
    }
    if (!secret) throw new LoadUsageError(`No dbhost service has used ${target.shown} yet: start one with --store on it first`);
    const account = accountTag(keyDigest(Buffer.from(secret, 'hex'), options.apiKey));
    return await loadIntoPostgres(pool, account, options, lines, progress);
  } finally {
    await pool.end().catch(() => undefined);
  }
}
