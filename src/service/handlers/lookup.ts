import type { Account } from '../account';
import { stringifyExtended } from '../bson/extendedJson';
import { notFound } from '../errors';
import type { DatabaseData } from '../store/accountState';
import type { CollectionData } from '../query/collectionData';

export function requireDatabase(account: Account, name: string): DatabaseData {
  const database = account.state.databases.get(name);
  if (!database) throw notFound(`Database "${name}" does not exist`);
  return database;
}

export function requireCollection(account: Account, database: string, name: string): CollectionData {
  const data = requireDatabase(account, database).collections.get(name);
  if (!data) throw notFound(`Collection "${name}" does not exist in database "${database}"`);
  return data;
}

/** A value as the server log prints it, cut short so one request cannot flood the log. */
export function logValue(value: unknown, max = 300): string {
  const text = value === undefined ? 'undefined' : stringifyExtended(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function elapsed(startedAt: number): string {
  return `${Math.round(performance.now() - startedAt)}ms`;
}
