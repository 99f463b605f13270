import { isJsonObject, stringifyLossless } from '../json/lossless';
import type { JsonObject, JsonValue } from '../json/lossless';

/** Where a profiler entry's namespace points: `shop.orders` → db shop, collection orders. */
export function namespaceOf(ns: JsonValue | undefined): { db: string; col: string } | undefined {
  if (typeof ns !== 'string') return undefined;
  const dot = ns.indexOf('.');
  if (dot <= 0 || dot === ns.length - 1) return undefined;
  const col = ns.slice(dot + 1);
  return col.startsWith('$cmd') ? undefined : { db: ns.slice(0, dot), col };
}

/** Whether a slow operation is a query a playground can run again. */
export function isReplayableQuery(entry: JsonObject): boolean {
  return entry.op === 'query' && namespaceOf(entry.ns) !== undefined;
}

/** The playground text that runs a slow query again: its filter and order, on its collection, for that account. */
export function slowQueryPlaygroundText(entry: JsonObject, accountLabel: string): string {
  const target = namespaceOf(entry.ns);
  if (!target || entry.op !== 'query') throw new Error('Only a slow query on a collection can be opened in a playground');
  const q = isJsonObject(entry.query) ? entry.query : {};
  const query: JsonObject = { account: accountLabel, database: target.db, collection: target.col, q };
  if (isJsonObject(entry.orderby)) query.sort = entry.orderby;
  query.limit = 20;
  const took = typeof entry.millis === 'number' ? `${entry.millis} ms` : 'a long time';
  const when = isJsonObject(entry.ts) && typeof entry.ts.$date === 'string' ? ` at ${entry.ts.$date}` : '';
  return [
    `// A slow query on ${target.db}.${target.col}${when}: it took ${took}. Run it again with the "Run" CodeLens.`,
    stringifyLossless([query], 2),
    '',
  ].join('\n');
}

/** A short label for a current or slow operation: `query shop.orders`. */
export function operationLabel(entry: JsonObject): string {
  const op = typeof entry.op === 'string' ? entry.op : 'operation';
  return typeof entry.ns === 'string' ? `${op} ${entry.ns}` : op;
}
