/** The service returns at most this many documents per request. */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../api/limits';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

export interface PageRequest {
  skip: number;
  limit: number;
}

/** A page size setting made usable: a whole number from 1 to {@link MAX_PAGE_SIZE}, the default when it is not a number. */
export function clampPageSize(size: unknown): number {
  if (typeof size !== 'number' || !Number.isFinite(size)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(size)));
}

/**
 * Where a list fetched a page at a time stands: what to ask for next and whether anything is left.
 * The total comes from the service's count header with each page and may change between pages
 * (the latest wins) or be missing; then more exist as long as the last page came back full. A page
 * shorter than asked for means the end was reached, whatever the total says.
 */
export class Pager {
  private loadedCount = 0;
  private latestTotal: number | undefined;
  private reachedEnd = false;
  private readonly size: number;

  constructor(pageSize: unknown) {
    this.size = clampPageSize(pageSize);
  }

  get pageSize(): number {
    return this.size;
  }

  get loaded(): number {
    return this.loadedCount;
  }

  get total(): number | undefined {
    return this.latestTotal;
  }

  get hasMore(): boolean {
    if (this.reachedEnd) return false;
    return this.latestTotal === undefined || this.loadedCount < this.latestTotal;
  }

  /** How many are left to load: 0 when none are, undefined when more may exist but the service did not say how many. */
  get remaining(): number | undefined {
    if (!this.hasMore) return 0;
    return this.latestTotal === undefined ? undefined : this.latestTotal - this.loadedCount;
  }

  /** The request for the next page, or undefined when everything is loaded. */
  nextPage(): PageRequest | undefined {
    return this.hasMore ? { skip: this.loadedCount, limit: this.size } : undefined;
  }

  /**
   * Records the answer to `request`. An answer to a request that no longer follows what is loaded
   * (a page asked for twice, or answered after a later one) is ignored; the result says whether
   * the page was taken.
   */
  pageLoaded(request: PageRequest, received: number, total: number | undefined): boolean {
    if (request.skip !== this.loadedCount || this.reachedEnd) return false;
    this.loadedCount += received;
    this.latestTotal = total !== undefined && Number.isFinite(total) && total >= 0 ? Math.floor(total) : undefined;
    if (received < request.limit) this.reachedEnd = true;
    return true;
  }
}
