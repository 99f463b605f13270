import type { StatsPoint } from './statsSeries';
import { OPERATION_KINDS } from './statsSeries';
import type { Infer, Schema } from '../json/schema';
import { custom, finite, list, object, text, variants } from '../json/schema';

const point: Schema<StatsPoint> = object({
  time: finite,
  resident: finite,
  virtual: finite,
  mapped: finite,
  connections: finite,
  operations: object(
    Object.fromEntries(OPERATION_KINDS.map((kind) => [kind, finite])) as Record<(typeof OPERATION_KINDS)[number], typeof finite>,
  ),
});

const hostMessage = variants({
  series: {
    series: object({ deployment: text(10_000), members: list(text(10_000), { max: 1000 }), points: list(point, { max: 1000 }) }),
    refreshSeconds: finite,
  },
  /** The data could not be loaded; the text is shown as it is, cut at 500 characters. */
  problem: { message: custom((raw) => (typeof raw === 'string' ? raw.slice(0, 500) : undefined)) },
});

const chartMessage = variants({ ready: {}, refresh: {} });

/** What the extension sends the chart: new data, or that the data could not be loaded. */
export type HostMessage = Infer<typeof hostMessage>;

/** What the chart sends the extension. */
export type ChartMessage = Infer<typeof chartMessage>;

/** A message from the extension, checked in full before the chart uses it; undefined for anything else. */
export const parseHostMessage = (data: unknown): HostMessage | undefined => hostMessage.check(data);

/** A message from the chart, checked before the extension acts on it; undefined for anything else. */
export const parseChartMessage = (data: unknown): ChartMessage | undefined => chartMessage.check(data);
