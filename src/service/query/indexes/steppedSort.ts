/** Items sorted at once by the engine's own sort before the merges begin: a block takes about a millisecond. */
const BLOCK = 2048;
/** Items a merge moves between two steps. */
const MERGE_STEP = 4096;

/**
 * A stable sort done a step at a time: the generator yields after each block sort and every few thousand items
 * merged, so that its caller can answer other requests between steps (a million keys take a second to sort).
 * Blocks are sorted by `Array.prototype.sort`, then merged pairwise, width doubling. Returns the sorted list,
 * which may be `items` itself or a new array; `items` must not change meanwhile.
 */
export function* sortInSteps<T>(items: T[], compare: (a: T, b: T) => number, block = BLOCK, mergeStep = MERGE_STEP): Generator<void, T[]> {
  const n = items.length;
  for (let start = 0; start < n; start += block) {
    const sorted = items.slice(start, start + block).sort(compare);
    for (let i = 0; i < sorted.length; i++) items[start + i] = sorted[i];
    yield;
  }
  let from = items;
  let to = new Array<T>(n);
  for (let width = block; width < n; width *= 2) {
    let out = 0;
    let untilYield = mergeStep;
    for (let left = 0; left < n; left += 2 * width) {
      const middle = Math.min(left + width, n);
      const end = Math.min(left + 2 * width, n);
      let i = left;
      let j = middle;
      while (i < middle && j < end) {
        // The left run wins ties: the sort is stable.
        to[out++] = compare(from[j], from[i]) < 0 ? from[j++] : from[i++];
        if (--untilYield === 0) {
          untilYield = mergeStep;
          yield;
        }
      }
      while (i < middle) to[out++] = from[i++];
      while (j < end) to[out++] = from[j++];
    }
    [from, to] = [to, from];
    yield;
  }
  return from;
}
