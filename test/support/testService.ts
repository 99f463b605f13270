import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DbHostClient } from '../../src/client/dbHostClient';
import { SERVICE_READY_LINE } from '../../src/core/api/serviceReadyLine';
import type { RunningService, ServiceOptions } from '../../src/service/server';
import { startService } from '../../src/service/server';
import { defaultStore, dropDefaultStore } from './testStore';

/**
 * The one way tests start the local service: {@link startServiceInProcess} (the service's own `startService`, in
 * the test's process) or {@link startServiceInChild} (`node` on the service's entry, for kills, signals and
 * restarts). Both take {@link TestServiceOptions} and give a {@link ServiceUnderTest} whose `stop()` is its disposal.
 */
export interface TestServiceOptions {
  /** One account per key. Default: one fresh random key. */
  apiKeys?: string[];
  /** Default: a fresh temporary folder. */
  dataDir?: string;
  /** `stop()` leaves the data folder (for a restart on it, or a folder the test removes itself); by default it removes it. */
  keepData?: boolean;
  /** New accounts start without the demo data. */
  empty?: boolean;
  /** `false`: the accounts have no payment information (paid plans are refused). */
  payment?: boolean;
  /** Operations taking this long or longer go to a database's slow query log. */
  slowQueryMs?: number;
  /** Default 0: a free port. */
  port?: number;
  /** A line per request in the service's log (the child's output, or `log` in process). Default false. */
  logRequests?: boolean;
  /**
   * `postgres://…`: the service keeps its data in that PostgreSQL database (`--store`). `null`: the journal store in
   * the data folder, even in a run with DBHOST_TEST_STORE=postgres. Default: the run's store (test/support/testStore.ts).
   */
  store?: string | null;
  /**
   * With a PostgreSQL store, each account's budget of loaded documents (`--store-cache-mb`). Default 0: every
   * request loads the collections it names and lets them go after it, the path of data beyond the budget.
   */
  storeCacheMb?: number;
  /** Browser origins the service answers with CORS headers (`--allow-origin`). */
  allowOrigins?: string[];
}

export interface InProcessOptions extends TestServiceOptions {
  /** Receives the service's log lines; never the key. */
  log?: (line: string) => void;
  journalIo?: ServiceOptions['journalIo'];
}

export interface ChildOptions extends TestServiceOptions {
  /** A built service (dist/service.js, or {@link bundleService}'s); by default the source, compiled by tsx. */
  script?: string;
  /** Added to the child's environment. */
  env?: NodeJS.ProcessEnv;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export interface RawOptions {
  /** Default: the first key; `null` sends none. */
  key?: string | null;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

export interface ServiceUnderTest {
  readonly url: string;
  readonly dataDir: string;
  readonly apiKeys: readonly string[];
  /** The first key ('' when none was given and the child generated its own). */
  readonly apiKey: string;
  /** A client without retries, on the first key unless another is given. */
  client(key?: string): DbHostClient;
  /** A raw request: `path` may carry its own query string; the key is added unless `key` is null. */
  raw(method: string, path: string, options?: RawOptions): Promise<RawAnswer>;
  /** Stops the service cleanly (a child: SIGTERM, unless it has exited) and removes its data folder unless `keepData`. */
  stop(): Promise<void>;
}

export interface InProcessService extends ServiceUnderTest {
  readonly service: RunningService;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildService extends ServiceUnderTest {
  readonly pid: number;
  /** Whether the process is still running. */
  readonly alive: boolean;
  /** Once the process has exited, how. */
  readonly exited: Promise<ExitStatus>;
  /** What it printed (the last 20,000 characters). */
  output(): string;
  /** Sends `signal` (default SIGKILL: no chance to flush or close anything) and resolves once it has exited. */
  kill(signal?: NodeJS.Signals): Promise<ExitStatus>;
}

const PROJECT_ROOT = resolve(__dirname, '..', '..');
const SERVICE_ENTRY = join(PROJECT_ROOT, 'src', 'service', 'main.ts');
const OUTPUT_KEPT = 20_000;

export function temporaryDirectory(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `dbhost-${prefix}-`));
}

export const jsonBody = (value: unknown): string => JSON.stringify(value);

/** The error text of an answer, asserting the `{"error": "…"}` shape. */
export function errorText(answer: RawAnswer): string {
  const body = answer.json as { error?: unknown } | undefined;
  if (!body || typeof body.error !== 'string')
    throw new Error(`Expected {"error": "…"}, got ${answer.status} ${answer.text.slice(0, 200)}`);
  return body.error;
}

/** The local service in this process, on its own data folder. */
export async function startServiceInProcess(options: InProcessOptions = {}): Promise<InProcessService> {
  const settled = settle(options);
  const service = await startService({
    store: settled.store,
    ...(settled.store !== undefined ? { storeCacheMb: options.storeCacheMb ?? 0 } : {}),
    port: options.port ?? 0,
    dataDir: settled.dataDir,
    apiKeys: settled.apiKeys,
    payment: options.payment,
    empty: options.empty,
    slowQueryMs: options.slowQueryMs,
    log: options.log,
    logRequests: options.logRequests ?? false,
    journalIo: options.journalIo,
    allowOrigins: options.allowOrigins,
  }).catch((error: unknown) => {
    settled.abandon();
    throw error;
  });
  return {
    ...access(service.url, settled),
    service,
    stop: async () => {
      await service.close();
      await settled.dispose();
    },
  };
}

/** The local service in a child process: ready once it prints its ready line (core/api/serviceReadyLine). */
export function startServiceInChild(options: ChildOptions = {}): Promise<ChildService> {
  const settled = settle(options);
  const entry = options.script ? [options.script] : ['--import', 'tsx', SERVICE_ENTRY];
  const args = [...entry, '--port', String(options.port ?? 0), '--data', settled.dataDir];
  if (settled.store !== undefined) args.push('--store', settled.store, '--store-cache-mb', String(options.storeCacheMb ?? 0));
  // One key goes in the environment, not on the command line that `ps` shows.
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_RUN_AS_NODE: '1', ...options.env };
  if (settled.apiKeys.length === 1) env.DBHOST_API_KEY = settled.apiKeys[0];
  else for (const key of settled.apiKeys) args.push('--api-key', key);
  if (options.empty) args.push('--empty');
  if (options.payment === false) args.push('--no-payment');
  if (options.slowQueryMs !== undefined) args.push('--slow-ms', String(options.slowQueryMs));
  if (!options.logRequests) args.push('--quiet');
  for (const origin of options.allowOrigins ?? []) args.push('--allow-origin', origin);
  const child = spawn(process.execPath, args, { cwd: options.script ? undefined : PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((ready, failed) => {
    let output = '';
    let started = false;
    const masked = () => settled.apiKeys.reduce((shown, key) => shown.split(key).join('<key>'), output);
    const exited = new Promise<ExitStatus>((exit) => child.once('exit', (code, signal) => exit({ code, signal })));
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
      const match = started ? null : SERVICE_READY_LINE.exec(output);
      if (!match) return;
      started = true;
      ready(childService(child, match[1], exited, () => output, settled));
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', failed);
    void exited.then(({ code, signal }) => {
      if (started) return;
      settled.abandon();
      failed(new Error(`The service exited (${code ?? signal}) before it was ready:\n${masked()}`));
    });
  });
}

interface Settled {
  dataDir: string;
  apiKeys: string[];
  /** The service's `--store`; undefined: the journal store in the data folder. */
  store?: string;
  /** After a stop: removes the data folder (and its default PostgreSQL database) unless `keepData`. */
  dispose(): Promise<void>;
  /** After a start that failed: removes the data folder if it was made here (a folder given stays as the start left it). */
  abandon(): void;
}

function settle(options: TestServiceOptions): Settled {
  const dataDir = options.dataDir ?? temporaryDirectory('service');
  const apiKeys = options.apiKeys ?? [randomBytes(24).toString('hex')];
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  const store = options.store === null ? undefined : (options.store ?? defaultStore(dataDir)?.store);
  return {
    dataDir,
    apiKeys,
    store,
    dispose: async () => {
      if (options.keepData) return;
      remove();
      await dropDefaultStore(dataDir);
    },
    abandon: () => (options.dataDir === undefined ? remove() : undefined),
  };
}

function childService(child: ChildProcess, url: string, exited: Promise<ExitStatus>, output: () => string, settled: Settled): ChildService {
  const alive = () => child.exitCode === null && child.signalCode === null;
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (alive()) child.kill(signal);
    return exited;
  };
  return {
    ...access(url, settled),
    pid: child.pid ?? -1,
    get alive() {
      return alive();
    },
    exited,
    output,
    kill,
    stop: async () => {
      await kill('SIGTERM');
      await settled.dispose();
    },
  };
}

function access(url: string, settled: Settled): Omit<ServiceUnderTest, 'stop'> {
  const apiKey = settled.apiKeys[0] ?? '';
  return {
    url,
    dataDir: settled.dataDir,
    apiKeys: settled.apiKeys,
    apiKey,
    client: (key = apiKey) => new DbHostClient({ baseUrl: url, apiKey: key, retries: 0, timeoutMs: 20_000 }),
    raw: (method, path, rawOptions) => rawRequest(url, apiKey, method, path, rawOptions),
  };
}

async function rawRequest(url: string, apiKey: string, method: string, path: string, options: RawOptions = {}): Promise<RawAnswer> {
  const { key = apiKey, body, headers } = options;
  const target = new URL(path, url);
  if (key !== null) target.searchParams.set('_apikey', key);
  const response = await fetch(target, {
    method,
    body,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
