import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DEFAULT_SLOW_QUERY_MS } from './activity/slowQueryLog';
import { normalizeAllowedOrigin } from './http/cors';
import { DEFAULT_CACHE_MB } from './store/postgres/postgresStores';

export const API_KEY_ENV = 'DBHOST_API_KEY';
export const DEFAULT_DATA_DIR = '.dbhost-data';
export const DEFAULT_PORT = 8780;

export const USAGE = `Usage: npm run service -- [options]

Runs the dbhost local service: the whole hosted-database interface over HTTP, with data kept on disk.

Options:
  --port N          Port to listen on (default ${DEFAULT_PORT}; 0 picks a free one and prints it)
  --host ADDRESS    Address to bind (default 127.0.0.1)
  --data DIR        Directory for the data (default ./${DEFAULT_DATA_DIR})
  --store URL       Keep the data in PostgreSQL instead: postgres://USER@HOST:PORT/DBNAME (the database
                    is created when it does not exist; the password from the URL or PGPASSWORD, and
                    what the URL leaves out from PGHOST, PGPORT, PGUSER). Several services may share one.
  --store-cache-mb N
                    With --store: the stored size of the documents each account keeps loaded in this
                    process (default ${DEFAULT_CACHE_MB}); other collections are read from PostgreSQL when used
  --api-key KEY     An account's API key; repeat for several accounts. Without one, the key comes
                    from the ${API_KEY_ENV} environment variable, or a new key is generated and printed.
  --no-payment      The accounts have no payment information (paid plans are refused)
  --empty           New accounts start without demo data (plans are always there)
  --quiet           Do not print a line per request
  --allow-origin ORIGIN
                    Let pages of that browser origin call the service (CORS), such as
                    http://localhost:8080 (a VS Code server) or https://*.vscode-cdn.net (vscode.dev runs
                    extensions in a frame of such a subdomain; * is one DNS label); repeat for several.
                    Without it, browsers keep every answer from other origins' pages.
  --slow-ms N       Operations on a database taking N ms or more go to its slow query log
                    (GET /slow_queries/DB; default ${DEFAULT_SLOW_QUERY_MS})
  --help            Show this help

When ready it prints "dbhost service listening on http://HOST:PORT". SIGTERM or SIGINT stops it cleanly.
Example: curl "http://127.0.0.1:${DEFAULT_PORT}/databases?_apikey=KEY"`;

export interface CliOptions {
  help: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL, or undefined for the journal files under `dataDir`. */
  store?: string;
  /** With `store`: each account's budget of loaded documents, in MB of their stored text. */
  storeCacheMb?: number;
  apiKeys: string[];
  generatedKey: boolean;
  payment: boolean;
  empty: boolean;
  quiet: boolean;
  slowQueryMs: number;
  /** Browser origins allowed to call the service (`--allow-origin`), as browsers send them. */
  allowOrigins: string[];
}

export class UsageError extends Error {}

export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        store: { type: 'string' },
        'store-cache-mb': { type: 'string' },
        'api-key': { type: 'string', multiple: true },
        'no-payment': { type: 'boolean' },
        empty: { type: 'boolean' },
        quiet: { type: 'boolean' },
        'slow-ms': { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const portText = values.port ?? String(DEFAULT_PORT);
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, not "${portText}"`);
  const slowText = values['slow-ms'] ?? String(DEFAULT_SLOW_QUERY_MS);
  if (!/^\d{1,7}$/.test(slowText)) throw new UsageError(`--slow-ms must be a whole number of milliseconds, not "${slowText}"`);
  const cacheText = values['store-cache-mb'];
  if (cacheText !== undefined && !/^\d{1,6}$/.test(cacheText))
    throw new UsageError(`--store-cache-mb must be a whole number of megabytes, not "${cacheText}"`);
  if (cacheText !== undefined && values.store === undefined)
    throw new UsageError('--store-cache-mb is for --store: the data folder keeps every document loaded');
  const allowOrigins = (values['allow-origin'] ?? []).map((origin) => {
    try {
      return normalizeAllowedOrigin(origin);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  });
  let apiKeys = (values['api-key'] ?? []).filter((key) => key.length > 0);
  let generatedKey = false;
  if (apiKeys.length === 0 && env[API_KEY_ENV]) apiKeys = [env[API_KEY_ENV] as string];
  if (apiKeys.length === 0) {
    apiKeys = [randomBytes(24).toString('base64url')];
    generatedKey = true;
  }
  return {
    help: values.help ?? false,
    port: Number(portText),
    host: values.host ?? '127.0.0.1',
    dataDir: values.data ?? DEFAULT_DATA_DIR,
    ...(values.store !== undefined ? { store: values.store } : {}),
    ...(cacheText !== undefined ? { storeCacheMb: Number(cacheText) } : {}),
    apiKeys,
    generatedKey,
    payment: !(values['no-payment'] ?? false),
    empty: values.empty ?? false,
    quiet: values.quiet ?? false,
    slowQueryMs: Number(slowText),
    allowOrigins,
  };
}
