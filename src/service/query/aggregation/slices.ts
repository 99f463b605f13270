import type { RequestBudget } from '../budget';
import { withBudget } from '../budget';
import { SLICE_MS } from '../slicedScan';

const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Calls `step(from)` until it has covered `length` items, each call doing a small batch and answering where
 * the next starts. Between slices of {@link SLICE_MS} the service answers other requests; all of it counts
 * against the request's budget.
 */
export async function inSlices(length: number, budget: RequestBudget, step: (from: number) => number): Promise<void> {
  let next = 0;
  while (next < length) {
    withBudget(() => {
      const sliceEnd = performance.now() + SLICE_MS;
      do next = step(next);
      while (next < length && performance.now() < sliceEnd);
    }, budget);
    if (next < length) await yieldToOtherRequests();
  }
}
