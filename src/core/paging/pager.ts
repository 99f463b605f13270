/** The service returns at most this many documents per request. */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../api/limits';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** A page size setting made usable: a whole number from 1 to {@link MAX_PAGE_SIZE}, the default when it is not a number. */
export function clampPageSize(size: unknown): number {
  if (typeof size !== 'number' || !Number.isFinite(size)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(size)));
}
