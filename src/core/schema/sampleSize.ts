/** How many documents a schema sample reads unless the setting says otherwise, and at most. */
export const DEFAULT_SAMPLE_SIZE = 1000;
export const MAX_SAMPLE_SIZE = 10_000;

/** A sample size setting made usable: a whole number from 1 to {@link MAX_SAMPLE_SIZE}, the default when it is not a number. */
export function clampSampleSize(size: unknown): number {
  if (typeof size !== 'number' || !Number.isFinite(size)) return DEFAULT_SAMPLE_SIZE;
  return Math.min(MAX_SAMPLE_SIZE, Math.max(1, Math.floor(size)));
}
