import type { Pool, PoolClient } from 'pg';
import { HttpError } from '../../errors';

/** SQLSTATE classes that say PostgreSQL cannot serve now: connection, resources, operator intervention, system errors. */
const UNAVAILABLE_CLASSES = new Set(['08', '53', '57', '58']);

/**
 * The 503 a request gets when PostgreSQL cannot be reached or stopped serving (the pool connects again for the
 * next request); any other database error is the service's own and stays a 500 with its detail in the log.
 */
export function unavailable(error: unknown, outcome: string): Error {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown })?.code;
  const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
  if (sqlState && !UNAVAILABLE_CLASSES.has(sqlState.slice(0, 2))) return error as Error;
  const cause = typeof code === 'string' ? code : ((error as Error)?.message ?? String(error));
  return new HttpError(503, `The service's PostgreSQL database is unavailable (${cause}); ${outcome}. Try again once it is back`);
}

/** A connection of the pool, or the 503 when PostgreSQL cannot be reached. */
export async function connectOrUnavailable(pool: Pool): Promise<PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    throw unavailable(error, 'nothing was read or stored');
  }
}
