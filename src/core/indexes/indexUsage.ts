import type { IndexRecord } from '../api/types';
import { isJsonObject } from '../json/lossless';
import { formatCount } from '../text/formatCount';
import { numberOf } from './numberOf';

/** What an index's item says about its use: absent where the service does not count. */
export interface IndexUsage {
  /** "served 12 queries since 04:00", "unused since 04:00". */
  description: string;
  /** The sentence of the tooltip. */
  detail: string;
  unused: boolean;
}

function dateOf(value: unknown): Date | undefined {
  const text = isJsonObject(value as never) ? (value as { $date?: unknown }).$date : value;
  if (typeof text !== 'string' && typeof text !== 'number') return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "04:00" today (local time), "25 Nov 04:00" another day. */
export function formatSince(since: Date, now: Date): string {
  const time = `${twoDigits(since.getHours())}:${twoDigits(since.getMinutes())}`;
  const sameDay = since.getFullYear() === now.getFullYear() && since.getMonth() === now.getMonth() && since.getDate() === now.getDate();
  return sameDay ? time : `${since.getDate()} ${MONTHS[since.getMonth()]} ${time}`;
}

/** How often the index served a query, from its `accesses`; undefined when the record has none. */
export function indexUsage(record: IndexRecord, now = new Date()): IndexUsage | undefined {
  const accesses = record.accesses;
  if (!isJsonObject(accesses as never)) return undefined;
  const ops = numberOf(accesses?.ops);
  if (ops === undefined) return undefined;
  const since = dateOf(accesses?.since);
  const when = since ? ` since ${formatSince(since, now)}` : ' since the service started';
  if (ops === 0)
    return {
      description: `unused${when}`,
      detail: `No query has used this index${when} (when the service started counting for it): it costs every write and serves nothing.`,
      unused: true,
    };
  const queries = `${formatCount(ops)} ${ops === 1 ? 'query' : 'queries'}`;
  return { description: `served ${queries}${when}`, detail: `Served ${queries}${when}.`, unused: false };
}

/** A background build's progress, "building 45%" or "building", or undefined once built. */
export function indexBuild(record: IndexRecord): { description: string; done?: number; total?: number; percent?: number } | undefined {
  if (record.building !== true) return undefined;
  const done = numberOf(record.progress?.done);
  const total = numberOf(record.progress?.total);
  if (done === undefined || total === undefined || total <= 0) return { description: 'building' };
  const percent = Math.min(100, Math.floor((done / total) * 100));
  return { description: `building ${percent}%`, done, total, percent };
}
