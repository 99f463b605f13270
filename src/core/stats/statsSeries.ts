import { isRecord } from '../json/isRecord';
/** The operation kinds the original counted, in the order charts and tables show them. */
export const OPERATION_KINDS = ['insert', 'query', 'update', 'delete', 'getmore', 'command'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** One moment of a deployment, totalled over its members. */
export interface StatsPoint {
  /** Seconds since the epoch. */
  time: number;
  /** Megabytes, of the members together. */
  resident: number;
  virtual: number;
  mapped: number;
  connections: number;
  /** Operations per second the members served, by kind. */
  operations: Record<OperationKind, number>;
}

export interface StatsSeries {
  deployment: string;
  members: string[];
  points: StatsPoint[];
}

const MAX_POINTS = 500;

function numberAt(member: Record<string, unknown>, key: string): number {
  const value = member[key];
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : 0;
}

function pointOf(sample: Record<string, unknown>): StatsPoint | undefined {
  const time = typeof sample.time === 'number' && Number.isFinite(sample.time) ? sample.time : undefined;
  if (time === undefined || !Array.isArray(sample.members)) return undefined;
  const members = sample.members.filter(isRecord);
  const total = (key: string) => members.reduce((sum, member) => sum + numberAt(member, key), 0);
  const operations = Object.fromEntries(OPERATION_KINDS.map((kind) => [kind, total(`opcounters/${kind}`)])) as Record<
    OperationKind,
    number
  >;
  return {
    time,
    resident: total('mem/resident'),
    virtual: total('mem/virtual'),
    mapped: total('mem/mapped'),
    connections: total('connections/current'),
    operations,
  };
}

/**
 * A deployment's statistics as chart points, from whatever the service sent: `samples` when there is a
 * series, else the one `{time, members}`; samples without a time or members are left out, missing figures
 * count as 0, and the points come in time order.
 */
export function toStatsSeries(deployment: string, stats: unknown): StatsSeries {
  const samples = isRecord(stats) && Array.isArray(stats.samples) ? stats.samples : [stats];
  const points = samples
    .filter(isRecord)
    .map(pointOf)
    .filter((point): point is StatsPoint => point !== undefined)
    .sort((a, b) => a.time - b.time)
    .slice(-MAX_POINTS);
  const latest = isRecord(stats) && Array.isArray(stats.members) ? stats.members : [];
  const members = latest.filter(isRecord).map((member) => String(member.host ?? member.member ?? '?'));
  return { deployment, members, points };
}

/** The table a screen reader reads instead of the charts: one row per point, newest first. */
export function statsTableRows(series: StatsSeries): string[][] {
  return [...series.points]
    .reverse()
    .map((point) => [
      new Date(point.time * 1000).toISOString().slice(11, 19),
      String(point.resident),
      String(point.virtual),
      String(point.connections),
      ...OPERATION_KINDS.map((kind) => String(point.operations[kind])),
    ]);
}

export const STATS_TABLE_HEADERS = [
  'Time (UTC)',
  'Resident MB',
  'Virtual MB',
  'Connections',
  ...OPERATION_KINDS.map((kind) => `${kind}/s`),
];
