import type { LargestExtras, SizeResult } from '../indexedQueries';
import { BASE_SIZE, QUERIES, RSS_SAMPLES, WRITERS } from '../indexedQueries';
import type { Figure } from './figure';
import { figure } from './figure';

// The figures of the indexes section (bench/indexedQueries.ts) from what it measured.

export function queryFigures(result: SizeResult, target: number, runs: number): Figure[] {
  return QUERIES.map((query) => {
    const timing = result.queries[query.key];
    return figure({
      name: `indexed query at ${result.size.toLocaleString('en')} docs: ${query.title}`,
      value: timing.ms,
      unit: 'ms',
      baselineName: `same at ${BASE_SIZE.toLocaleString('en')}, in turn`,
      baseline: timing.baseMs,
      target: `≤ ${target}×`,
      met: timing.ms <= target * timing.baseMs,
      note: timing.refused
        ? `refused: ${timing.refused}`
        : `p50 of ${runs}, in turn with the same request at 1,000 documents; indexes {k: 1}, {n: -1}`,
    });
  });
}

export function byIdFigure(size: number, byId: { big: number; base: number }, byIdRuns: number, after?: number): Figure {
  return figure({
    name: `by _id at ${size.toLocaleString('en')} docs${after === undefined ? '' : `, after ${after.toLocaleString('en')} more requests`}`,
    value: byId.big,
    unit: 'ms',
    baselineName: `same at ${BASE_SIZE.toLocaleString('en')}, in turn`,
    baseline: byId.base,
    target: '≤ 1.5×',
    met: byId.big <= 1.5 * byId.base,
    note: `p50 of ${byIdRuns}`,
  });
}

export function largestFigures(base: { residentMb: number }, largest: SizeResult, extras: LargestExtras, byIdRuns: number): Figure[] {
  const label = `${largest.size.toLocaleString('en')} docs`;
  const peak = Math.max(...extras.rss);
  return [
    byIdFigure(largest.size, extras.byIdAfter, byIdRuns, extras.more),
    figure({
      name: `service resident memory, peak over ${extras.more.toLocaleString('en')} requests`,
      value: peak,
      unit: 'MB',
      baselineName: 'before them',
      baseline: extras.rss[0],
      target: '≤ 1.10×',
      met: peak <= 1.1 * extras.rss[0],
      note: `sampled every ${(extras.more / RSS_SAMPLES).toLocaleString('en')}: ${extras.rss.map((mb) => mb.toFixed(0)).join(', ')}`,
    }),
    figure({
      name: `service resident memory at ${label}`,
      value: largest.residentMb,
      unit: 'MB',
      baselineName: `at ${BASE_SIZE.toLocaleString('en')}`,
      baseline: base.residentMb,
      note: `after a restart on them: ${extras.restartResidentMb.toFixed(0)} MB`,
    }),
    figure({
      name: `service restart on ${label}: start to ready`,
      value: extras.restartMs / 1000,
      unit: 's',
      note: `first answer (a document by _id) at ${(extras.restartAnsweredMs / 1000).toFixed(1)} s`,
    }),
  ];
}

export function loadFigures(base: { insertsPerSecond: number; indexBuildMs: number }, results: SizeResult[]): Figure[] {
  const rows = [{ size: BASE_SIZE, ...base }, ...results];
  return rows.map((result) =>
    figure({
      name: `inserts through the interface, ${result.size.toLocaleString('en')} docs (${WRITERS} at once, safe: false)`,
      value: result.insertsPerSecond,
      unit: '/s',
      baselineName: `at ${BASE_SIZE.toLocaleString('en')}`,
      baseline: base.insertsPerSecond,
      note: `then both indexes built in ${(result.indexBuildMs / 1000).toFixed(1)} s`,
    }),
  );
}
