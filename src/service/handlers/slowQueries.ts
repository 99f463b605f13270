import { notFound } from '../errors';
import type { Handler } from '../http/types';
import { requireDatabase } from './lookup';

/** The database's slow operations, newest first. */
export const listSlowQueries: Handler = ({ account, params }) => {
  requireDatabase(account, params.db);
  return { body: [...account.slowQueries.of(params.db)].reverse() };
};

/** One slow operation, as a list of one: the shape the original's clients read for both calls. */
export const getSlowQuery: Handler = ({ account, params }) => {
  requireDatabase(account, params.db);
  const entry = account.slowQueries.find(params.db, params.id);
  if (!entry) throw notFound(`Slow query "${params.id}" is not in the slow query log of "${params.db}"`);
  return { body: [entry] };
};
