import type { JsonObject } from '../json/lossless';
import { parseLossless, stringifyLossless } from '../json/lossless';
import { formatCount } from '../text/formatCount';
import type { PlaygroundRequest } from './playgroundRequest';

/** At most this many runs are kept per workspace; the oldest go first. */
export const HISTORY_LIMIT = 200;

/** One run of a query, as kept in the workspace's history: what ran where, never how it was authorised. */
export interface HistoryEntry {
  id: string;
  /** Epoch milliseconds of the run. */
  at: number;
  accountLabel: string;
  database: string;
  collection: string;
  kind: 'find' | 'update' | 'aggregate';
  /** The query as a playground writes it (database, collection, q, …, or update), exact numbers kept. */
  queryText: string;
  /** Documents that matched (a find's total, an update's count before it); absent when the service did not say. */
  count?: number;
  elapsedMs: number;
}

export interface QueryRun {
  request: PlaygroundRequest;
  accountLabel: string;
  count: number | undefined;
  elapsedMs: number;
}

/** The playground object of a request: what a user would write to run it again. */
export function playgroundQueryOf(request: PlaygroundRequest, accountLabel: string | undefined): JsonObject {
  const target: JsonObject = {
    ...(accountLabel === undefined ? {} : { account: accountLabel }),
    database: request.database,
    collection: request.collection,
  };
  if (request.kind === 'update') return { ...target, update: request.update as unknown as JsonObject };
  if (request.kind === 'aggregate')
    return { ...target, pipeline: request.pipeline, ...(request.limit === undefined ? {} : { limit: request.limit }) };
  return { ...target, ...(request.query as JsonObject) };
}

export function historyEntryOf(run: QueryRun, at: number, id: string): HistoryEntry {
  return {
    id,
    at,
    accountLabel: run.accountLabel,
    database: run.request.database,
    collection: run.request.collection,
    kind: run.request.kind,
    queryText: stringifyLossless(playgroundQueryOf(run.request, run.accountLabel)),
    ...(run.count === undefined ? {} : { count: run.count }),
    elapsedMs: Math.round(run.elapsedMs),
  };
}

/** The history with `entry` first, at most {@link HISTORY_LIMIT} long. */
export function withEntry(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...history].slice(0, HISTORY_LIMIT);
}

/** Only entries of the shape this version writes: the workspace state may hold anything. */
export function validEntries(stored: unknown): HistoryEntry[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (entry): entry is HistoryEntry =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof entry.id === 'string' &&
      typeof entry.at === 'number' &&
      typeof entry.accountLabel === 'string' &&
      typeof entry.database === 'string' &&
      typeof entry.collection === 'string' &&
      (entry.kind === 'find' || entry.kind === 'update' || entry.kind === 'aggregate') &&
      typeof entry.queryText === 'string' &&
      typeof entry.elapsedMs === 'number',
  );
}

/** "find · 15 documents · 12 ms", "update · 3 matched · 40 ms". */
export function describeRun(entry: HistoryEntry): string {
  const count =
    entry.count === undefined
      ? 'count unknown'
      : entry.kind !== 'update'
        ? `${formatCount(entry.count)} document${entry.count === 1 ? '' : 's'}`
        : `${formatCount(entry.count)} matched`;
  return `${entry.kind} · ${count} · ${formatCount(entry.elapsedMs)} ms`;
}

/** A new playground holding the entry's query, commented with when and where it ran. */
export function historyPlaygroundText(entry: HistoryEntry): string {
  const query = parseLossless(entry.queryText);
  return [
    `// From the query history: ran ${new Date(entry.at).toISOString().replace('T', ' ').slice(0, 19)} UTC on account "${entry.accountLabel}" (${describeRun(entry)}).`,
    stringifyLossless([query], 2),
    '',
  ].join('\n');
}
