import type { StatsPoint, StatsSeries } from './statsSeries';
import { OPERATION_KINDS } from './statsSeries';
import { isRecord } from '../json/isRecord';

/** What the extension sends the chart: new data, or that the data could not be loaded. */
export type HostMessage = { type: 'series'; series: StatsSeries; refreshSeconds: number } | { type: 'problem'; message: string };

/** What the chart sends the extension. */
export type ChartMessage = { type: 'ready' } | { type: 'refresh' };

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isPoint(value: unknown): value is StatsPoint {
  if (!isRecord(value) || !isRecord(value.operations)) return false;
  const operations = value.operations;
  return (
    ['time', 'resident', 'virtual', 'mapped', 'connections'].every((key) => isFiniteNumber(value[key])) &&
    OPERATION_KINDS.every((kind) => isFiniteNumber(operations[kind]))
  );
}

/** A message from the extension, checked in full before the chart uses it; undefined for anything else. */
export function parseHostMessage(data: unknown): HostMessage | undefined {
  if (!isRecord(data)) return undefined;
  if (data.type === 'problem')
    return typeof data.message === 'string' ? { type: 'problem', message: data.message.slice(0, 500) } : undefined;
  if (data.type !== 'series' || !isFiniteNumber(data.refreshSeconds) || !isRecord(data.series)) return undefined;
  const { deployment, members, points } = data.series;
  if (typeof deployment !== 'string' || !Array.isArray(members) || !members.every((member) => typeof member === 'string')) return undefined;
  if (!Array.isArray(points) || points.length > 1000 || !points.every(isPoint)) return undefined;
  return {
    type: 'series',
    series: { deployment, members: members as string[], points: points as StatsPoint[] },
    refreshSeconds: data.refreshSeconds,
  };
}

/** A message from the chart, checked before the extension acts on it; undefined for anything else. */
export function parseChartMessage(data: unknown): ChartMessage | undefined {
  if (!isRecord(data) || Object.keys(data).length !== 1) return undefined;
  return data.type === 'ready' || data.type === 'refresh' ? { type: data.type } : undefined;
}
