import type { PoolConfig } from 'pg';
import { Client } from 'pg';

/** A `--store` URL that is not one the service can use, or a database it cannot reach or create: said in one line. */
export class StoreUnavailable extends Error {}

export interface StoreTarget {
  /** The pool's settings: what the URL gives; pg takes the rest from PGHOST, PGUSER, PGPASSWORD … */
  config: PoolConfig;
  database: string;
  /** USER@HOST:PORT/DBNAME as far as known, never the password. */
  shown: string;
}

/**
 * The settings of every session: JIT compilation off. The sort keys' B-trees are partial (one collection's rows),
 * and PostgreSQL keeps no statistics of a partial index's expression, so it guesses an equality on a key matches
 * 0.5% of the collection; at 10,000,000 documents the count statement's estimate (its fallback counting every
 * match included) passes `jit_above_cost`, and each request then spent tens of milliseconds compiling a statement
 * that reads a few rows. The service's statements are short; an operator's own PGOPTIONS come after and win.
 */
const sessionOptions = (env: NodeJS.ProcessEnv): string => ['-c jit=off', env.PGOPTIONS].filter(Boolean).join(' ');

/** The parts of a `postgres://USER:PASSWORD@HOST:PORT/DBNAME` URL; a part it leaves out comes from the PG* variables. */
export function parseStoreUrl(text: string, env: NodeJS.ProcessEnv = process.env): StoreTarget {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StoreUnavailable('--store must be a URL such as postgres://USER@HOST:PORT/DBNAME');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new StoreUnavailable(`--store must be a postgres:// URL, not a ${url.protocol.replace(/:$/, '')}: one`);
  const decode = (part: string) => (part ? decodeURIComponent(part) : undefined);
  const database = decode(url.pathname.replace(/^\//, '')) ?? env.PGDATABASE;
  if (!database) throw new StoreUnavailable('--store names no database: postgres://USER@HOST:PORT/DBNAME');
  if (database.includes('/')) throw new StoreUnavailable(`--store names a database path, not a database name`);
  const host = decode(url.hostname.replace(/^\[|\]$/g, '')) ?? env.PGHOST ?? 'localhost';
  const port = url.port ? Number(url.port) : env.PGPORT ? Number(env.PGPORT) : 5432;
  const user = decode(url.username) ?? env.PGUSER ?? env.USER ?? 'postgres';
  const config: PoolConfig = { host, port, user, database, application_name: 'dbhost-service', options: sessionOptions(env) };
  const password = decode(url.password);
  if (password !== undefined) config.password = password;
  return { config, database, shown: `${user}@${host}:${port}/${database}` };
}

interface PgError {
  code?: string;
  message?: string;
}

/** One line saying what failed, from the driver's error (whose text never holds the password). */
export function connectFailure(target: StoreTarget, error: unknown, database = target.database): string {
  const { code } = error as PgError;
  const password = typeof target.config.password === 'string' && target.config.password ? target.config.password : undefined;
  const message = password ? (error as PgError).message?.split(password).join('***') : (error as PgError).message;
  const where = `${target.config.user}@${target.config.host}:${target.config.port}/${database}`;
  switch (code) {
    case 'ECONNREFUSED':
      return `PostgreSQL at ${target.config.host}:${target.config.port} refused the connection: is it running and listening there?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `PostgreSQL host "${target.config.host}" could not be found`;
    case 'ETIMEDOUT':
      return `PostgreSQL at ${target.config.host}:${target.config.port} did not answer in time`;
    case '28P01':
      return `PostgreSQL refused the password of user "${target.config.user}" (${where})`;
    case '28000':
      return `PostgreSQL refused user "${target.config.user}" (${where}): ${message ?? 'not allowed to connect'}`;
    case '42501':
      return `User "${target.config.user}" may not create database "${database}" on ${target.config.host}:${target.config.port}: create it beforehand, or grant the user CREATEDB`;
    default:
      return `Could not use PostgreSQL at ${where}: ${message ?? String(error)}`;
  }
}

const CONNECT_TIMEOUT_MS = 10_000;

async function connected(target: StoreTarget, database: string): Promise<Client> {
  const client = new Client({ ...target.config, database, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

/** Quotes a name for SQL: the database name comes from the URL, never pasted in as it is. */
export const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Connects to the target database once, creating it first (through the `postgres` maintenance database) when it
 * does not exist. Throws a {@link StoreUnavailable} with one line saying what failed.
 */
export async function ensureDatabase(target: StoreTarget, log: (line: string) => void): Promise<void> {
  try {
    await (await connected(target, target.database)).end();
    return;
  } catch (error) {
    if ((error as PgError).code !== '3D000') throw new StoreUnavailable(connectFailure(target, error));
  }
  let maintenance: Client;
  try {
    maintenance = await connected(target, 'postgres');
  } catch (error) {
    throw new StoreUnavailable(
      `Database "${target.database}" does not exist, and it could not be created: ${connectFailure(target, error, 'postgres')}`,
    );
  }
  try {
    await maintenance.query(`CREATE DATABASE ${quoteIdentifier(target.database)}`);
    log(`Created PostgreSQL database "${target.database}" on ${target.config.host}:${target.config.port}`);
  } catch (error) {
    // Another service process created it at the same moment (found made, or met in the catalog's unique index).
    const { code, constraint } = error as PgError & { constraint?: string };
    if (code !== '42P04' && !(code === '23505' && constraint === 'pg_database_datname_index'))
      throw new StoreUnavailable(connectFailure(target, error));
  } finally {
    await maintenance.end().catch(() => undefined);
  }
}
