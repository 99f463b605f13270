import { formatCount } from '../text/formatCount';

/** "1,200 of 100,000 documents · 4,100/s": how far a transfer is, with its rate since `startedMs`. */
export function progressText(done: number, total: number | undefined, startedMs: number, nowMs: number, noun = 'documents'): string {
  const seconds = (nowMs - startedMs) / 1000;
  const rate = seconds > 0.2 ? ` · ${formatCount(Math.round(done / seconds))}/s` : '';
  return `${formatCount(done)}${total === undefined ? '' : ` of ${formatCount(total)}`} ${noun}${rate}`;
}

/** The share of `total` that `done` adds since the last report, in percent, for a progress bar. */
export function increment(previous: number, done: number, total: number | undefined): number | undefined {
  if (total === undefined || total <= 0) return undefined;
  return (Math.min(done, total) - Math.min(previous, total)) * (100 / total);
}
