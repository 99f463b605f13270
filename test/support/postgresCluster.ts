import type { SpawnSyncReturns } from 'node:child_process';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, chownSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL cluster for a test run: Debian's server binaries (installed with apt-get when they are
 * missing and this runs as root), `initdb` into a temporary folder as an unprivileged user (`postgres` when this
 * runs as root), trust authentication on 127.0.0.1 only, a free port, the socket in the temporary folder. It is
 * stopped and removed by {@link PostgresCluster.remove}, and also when the process exits or is interrupted.
 */
export interface PostgresCluster {
  readonly host: string;
  readonly port: number;
  /** The superuser the URLs name (trust authentication: no password). */
  readonly user: string;
  /** `postgres://user@127.0.0.1:port/` without a database name. */
  readonly baseUrl: string;
  /** A URL naming a database that does not exist yet (the service creates it), unique for this process. */
  freshDatabaseUrl(prefix?: string): string;
  /** Runs one SQL command through `psql` on `database` (default `postgres`); resolves with its output. */
  sql(command: string, database?: string): Promise<string>;
  /** Stops the server (default `fast`; `immediate` is a crash: recovery on the next start). The files stay. */
  stopServer(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts the server again on the same port after {@link stopServer}. */
  startServer(): Promise<void>;
  /** Stops the server and removes every file of the cluster. */
  remove(): Promise<void>;
}

export interface ClusterOptions {
  /**
   * `false` (the default, for tests): `fsync=off`, as no test crashes the machine, only processes.
   * `true` (the bench): PostgreSQL's own defaults, every commit flushed to disk.
   */
  durable?: boolean;
}

const HOST = '127.0.0.1';
const SUPERUSER = 'postgres';
const INSTALL_HINT =
  "Install Debian's PostgreSQL server: `sudo apt-get install postgresql` (any version with /usr/lib/postgresql/<version>/bin/initdb).";

let databaseCounter = 0;

export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = serverBinaries();
  const runAs = clusterUser();
  const folder = clusterFolder(runAs);
  const dataDir = join(folder, 'data');
  const logFile = join(folder, 'server.log');
  const removeFiles = () => rmSync(folder, { recursive: true, force: true });
  let running = false;
  const stopNow = () => {
    if (running) runSync(runAs, join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    running = false;
    removeFiles();
  };
  const detach = cleanUpOnExit(stopNow);
  try {
    check(
      runSync(runAs, join(bin, 'initdb'), ['-D', dataDir, '-U', SUPERUSER, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']),
      'initdb',
    );
    let port = 0;
    const start = async () => {
      const settings = ['-h', HOST, '-p', String(port), '-k', folder, '-c', 'max_connections=300'];
      if (!options.durable) settings.push('-c', 'fsync=off', '-c', 'full_page_writes=off');
      const started = await run(runAs, join(bin, 'pg_ctl'), [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        '-o',
        settings.join(' '),
        'start',
      ]);
      running = started.status === 0;
      return started;
    };
    for (let attempt = 1; !running; attempt++) {
      port = await freePort();
      const started = await start();
      // Another process may take the free port before the server binds it: another port, a few times.
      if (!running && attempt >= 3) throw new Error(`PostgreSQL did not start: ${started.output.trim()}\n${tail(logFile)}`);
    }
    const baseUrl = `postgres://${SUPERUSER}@${HOST}:${port}/`;
    const psql = join(bin, 'psql');
    return {
      host: HOST,
      port,
      user: SUPERUSER,
      baseUrl,
      freshDatabaseUrl: (prefix = 'dbhost_test') =>
        `${baseUrl}${prefix}_${process.pid}_${++databaseCounter}_${randomBytes(3).toString('hex')}`,
      sql: async (command, database = 'postgres') => {
        const answer = await run(null, psql, [
          '-X',
          '-q',
          '-A',
          '-t',
          '-v',
          'ON_ERROR_STOP=1',
          '-h',
          HOST,
          '-p',
          String(port),
          '-U',
          SUPERUSER,
          '-d',
          database,
          '-c',
          command,
        ]);
        if (answer.status !== 0) throw new Error(`psql failed on ${JSON.stringify(command)}: ${answer.output.trim()}`);
        return answer.output;
      },
      stopServer: async (mode = 'fast') => {
        if (!running) return;
        const stopped = await run(runAs, join(bin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
        if (stopped.status !== 0) throw new Error(`PostgreSQL did not stop: ${stopped.output.trim()}`);
        running = false;
      },
      startServer: async () => {
        if (running) return;
        const started = await start();
        if (!running) throw new Error(`PostgreSQL did not start again: ${started.output.trim()}\n${tail(logFile)}`);
      },
      remove: async () => {
        detach();
        if (running) await run(runAs, join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
        running = false;
        removeFiles();
      },
    };
  } catch (error) {
    detach();
    stopNow();
    throw error;
  }
}

/** The newest installed server's bin folder; installs Debian's `postgresql` package first when none is (as root). */
function serverBinaries(): string {
  const found = installedBinaries();
  if (found) return found;
  if (process.getuid?.() !== 0)
    throw new Error(`PostgreSQL's server is not installed (no /usr/lib/postgresql/*/bin/initdb). ${INSTALL_HINT}`);
  console.log("Installing Debian's postgresql package for the PostgreSQL tests (apt-get update; apt-get install postgresql)...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'postgresql']]) {
    const answer = spawnSync('apt-get', args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (answer.error || answer.status !== 0)
      throw new Error(
        `apt-get ${args.join(' ')} failed (${answer.error?.message ?? `exit ${answer.status}`}): ${`${answer.stdout}${answer.stderr}`.slice(-2000)}\n${INSTALL_HINT}`,
      );
  }
  const installed = installedBinaries();
  if (!installed) throw new Error(`apt-get installed postgresql, but there is still no /usr/lib/postgresql/*/bin/initdb. ${INSTALL_HINT}`);
  return installed;
}

/** `psql` of the installed server (the tests' way to run SQL: no PostgreSQL client library in the tests). */
export function installedPsql(): string {
  const bin = installedBinaries();
  if (!bin) throw new Error(`PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/psql). ${INSTALL_HINT}`);
  return join(bin, 'psql');
}

function installedBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

interface ClusterUser {
  /** `runuser -u <name> --` in front of each server command; undefined: this process's own user. */
  name?: string;
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` user that Debian's package creates. */
function clusterUser(): ClusterUser {
  const uid = process.getuid?.() ?? -1;
  if (uid !== 0) return { uid, gid: process.getgid?.() ?? -1 };
  const id = (flag: string) => {
    try {
      return Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).trim());
    } catch {
      throw new Error(`PostgreSQL cannot run as root, and there is no \`${SUPERUSER}\` user to run it as. ${INSTALL_HINT}`);
    }
  };
  return { name: SUPERUSER, uid: id('-u'), gid: id('-g') };
}

/** A new temporary folder the cluster's user owns (mode 0700, as PostgreSQL wants its data folder). */
function clusterFolder(user: ClusterUser): string {
  const candidates = [tmpdir(), '/tmp'].filter((parent, index, all) => all.indexOf(parent) === index);
  for (const parent of candidates) {
    const folder = mkdtempSync(join(parent, 'dbhost-postgres-'));
    if (!user.name) return folder;
    chownSync(folder, user.uid, user.gid);
    if (runSync(user, 'test', ['-w', folder, '-a', '-x', folder]).status === 0) return folder;
    rmSync(folder, { recursive: true, force: true });
  }
  throw new Error(
    `The ${user.name} user cannot reach a temporary folder under ${candidates.join(' or ')}; set TMPDIR to a folder it can enter.`,
  );
}

function command(user: ClusterUser | null, file: string, args: string[]): [string, string[]] {
  return user?.name ? ['runuser', ['-u', user.name, '--', file, ...args]] : [file, args];
}

function runSync(user: ClusterUser | null, file: string, args: string[]): SpawnSyncReturns<string> {
  const [program, programArgs] = command(user, file, args);
  return spawnSync(program, programArgs, { encoding: 'utf8', cwd: '/', maxBuffer: 16 * 1024 * 1024 });
}

function check(answer: SpawnSyncReturns<string>, what: string): void {
  if (answer.error || answer.status !== 0)
    throw new Error(
      `${what} failed (${answer.error?.message ?? `exit ${answer.status}`}): ${`${answer.stdout ?? ''}${answer.stderr ?? ''}`.trim()}`,
    );
}

/** Runs a command without blocking the event loop (services in this process keep answering). */
function run(user: ClusterUser | null, file: string, args: string[]): Promise<{ status: number | null; output: string }> {
  const [program, programArgs] = command(user, file, args);
  return new Promise((done) => {
    const child = spawn(program, programArgs, { cwd: '/', stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', (error) => done({ status: null, output: error.message }));
    child.once('close', (status) => done({ status, output }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function tail(file: string): string {
  try {
    accessSync(file, constants.R_OK);
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Runs `cleanUp` (synchronously) when the process exits or is interrupted; the answer detaches it. */
function cleanUpOnExit(cleanUp: () => void): () => void {
  const onExit = () => cleanUp();
  const onSignal = (signal: NodeJS.Signals) => {
    detach();
    cleanUp();
    // Nobody else handles the signal: end as it would have without this handler.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const detach = () => {
    process.off('exit', onExit);
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
  process.on('exit', onExit);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return detach;
}
