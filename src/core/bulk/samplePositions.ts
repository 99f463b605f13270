/** The most documents a preview shows before and after. */
export const MAX_PREVIEW_SAMPLE = 20;

/**
 * Which of `total` matching documents (by position in the match, from 0) a preview shows: up to `size`
 * of them, spread evenly from the first to the last, so that a sample of a large match is not just its
 * beginning. Every position when the match is no larger than the sample.
 */
export function samplePositions(total: number, size = MAX_PREVIEW_SAMPLE): number[] {
  const count = Math.max(0, Math.min(Math.floor(total), Math.floor(size)));
  if (count === 0) return [];
  if (count === 1) return [0];
  const positions: number[] = [];
  for (let index = 0; index < count; index++) positions.push(Math.round((index * (total - 1)) / (count - 1)));
  return positions;
}
