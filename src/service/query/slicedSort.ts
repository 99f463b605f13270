import { compare, HashMap, resolve } from 'mingo/util';
import type { Doc } from '../bson/extendedJson';
import type { RequestBudget } from './budget';
import { spendWork, withBudget } from './budget';
import { viewOf } from './comparable';

/** Work done between two looks at the clock. */
const STEP_BATCH = 32;
/** Runs sorted in one go before the merging passes; small enough to take well under a slice. */
const RUN = 16;
/** Distinct values sorted in one go: about a millisecond. */
const SYNC_SORT_LIMIT = 2_048;

const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs `work` in slices of `sliceMs` under the request's budget, letting other requests run between them. */
export async function runSliced(work: Generator<void, void, void>, budget: RequestBudget, sliceMs: number): Promise<void> {
  for (;;) {
    let done = false;
    withBudget(() => {
      const sliceEnd = performance.now() + sliceMs;
      do {
        done = work.next().done === true;
      } while (!done && performance.now() < sliceEnd);
    }, budget);
    if (done) return;
    await yieldToOtherRequests();
  }
}

/** A stable merge sort of the numbers 0…length-1 by `before`, yielding every {@link STEP_BATCH} steps. */
function* sortIndices(length: number, before: (a: number, b: number) => number): Generator<void, number[], void> {
  let order = Array.from({ length }, (_, i) => i);
  for (let start = 0; start < length; start += RUN) {
    const run = order.slice(start, start + RUN).sort(before);
    for (let i = 0; i < run.length; i++) order[start + i] = run[i];
    spendWork(run.length * 6, 'sorting');
    yield;
  }
  let target = new Array<number>(length);
  for (let width = RUN; width < length; width *= 2) {
    for (let low = 0; low < length; low += 2 * width) {
      const middle = Math.min(low + width, length);
      const high = Math.min(low + 2 * width, length);
      let left = low;
      let right = middle;
      for (let out = low; out < high; out++) {
        target[out] = right >= high || (left < middle && before(order[left], order[right]) <= 0) ? order[left++] : order[right++];
        if ((out & (STEP_BATCH - 1)) === 0) {
          spendWork(STEP_BATCH, 'sorting');
          yield;
        }
      }
    }
    [order, target] = [target, order];
  }
  return order;
}

/**
 * The order of mingo's `$sort`, by its own steps: from the last key to the first, group the documents
 * by that key's value, sort the distinct values with mingo's `compare` (stably; reversed for -1) and
 * lay the groups out in that order. Done in small steps so that a long sort runs in slices.
 */
function* mingoOrder(docs: Doc[], sort: Record<string, unknown>, sorted: Doc[]): Generator<void, void, void> {
  const views = docs.map((doc) => viewOf(doc));
  let order = Array.from({ length: docs.length }, (_, i) => i);
  for (const field of Object.keys(sort).reverse()) {
    const groups = HashMap.init() as Map<unknown, number[]>;
    for (let i = 0; i < order.length; i++) {
      const value = resolve(views[order[i]], field) ?? null;
      const group = groups.get(value);
      if (group) group.push(order[i]);
      else groups.set(value, [order[i]]);
      if (i % STEP_BATCH === 0) {
        spendWork(STEP_BATCH, 'sorting');
        yield;
      }
    }
    const values = Array.from(groups.keys());
    const before = (a: number, b: number): number => compare(values[a], values[b]) || a - b;
    // Up to a few thousand values, the engine's own Array sort (quick, and the same order even where
    // compare is not transitive across types); beyond, the sliced merge sort.
    let ranked: number[];
    if (values.length <= SYNC_SORT_LIMIT) {
      spendWork(Math.ceil(values.length * Math.log2(values.length + 1)), 'sorting');
      ranked = Array.from({ length: values.length }, (_, i) => i).sort(before);
    } else ranked = yield* sortIndices(values.length, before);
    if (sort[field] === -1) ranked.reverse();
    order = [];
    for (const rank of ranked) for (const index of groups.get(values[rank])!) order.push(index);
  }
  for (let i = 0; i < order.length; i++) sorted[i] = docs[order[i]];
}

/** `docs` in the order of `sort` (fields to 1 or -1), sorted in slices of `sliceMs` with the request's budget. */
export async function sortSliced(docs: Doc[], sort: Record<string, unknown>, budget: RequestBudget, sliceMs: number): Promise<Doc[]> {
  const sorted = new Array<Doc>(docs.length);
  await runSliced(mingoOrder(docs, sort, sorted), budget, sliceMs);
  return sorted;
}
