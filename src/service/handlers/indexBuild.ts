import type { Account } from '../account';
import type { CollectionData } from '../store/collectionData';
import type { QueryIndex } from '../query/indexes/queryIndex';

/** A build works this long before letting other requests run. */
const BUILD_SLICE_MS = 2;

const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The first entry (natural order) after `seq`, by binary search: the entries are in the order of their `seq`. */
function positionAfter(data: CollectionData, seq: number): number {
  let low = 0;
  let high = data.entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (data.entries[middle].seq <= seq) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Fills a background index (created empty, marked as building) in slices of {@link BUILD_SLICE_MS},
 * answering other requests between them; writes meanwhile index themselves (collectionData.ts). It is
 * listed among the database's current operations with its progress until it ends; a drop of the index
 * ends it early. The index was journalled when it was created, so a restart builds it whole.
 */
export async function buildInBackground(
  account: Account,
  db: string,
  col: string,
  data: CollectionData,
  index: QueryIndex,
  thread: string,
): Promise<void> {
  const build = index.build!;
  const lastSeq = data.entries.length === 0 ? -1 : data.entries[data.entries.length - 1].seq;
  const running = account.inProgress.start(
    { op: 'command', db, ns: `${db}.${col}`, query: { createIndexes: col, indexes: [{ key: index.spec.key, name: index.name }] } },
    thread,
    () => ({ done: Math.min(build.done, build.total), total: build.total }),
  );
  try {
    let after = -1;
    while (data.queryIndex(index.name) === index && after < lastSeq) {
      const sliceEnd = performance.now() + BUILD_SLICE_MS;
      let position = positionAfter(data, after);
      while (position < data.entries.length && data.entries[position].seq <= lastSeq && performance.now() < sliceEnd) {
        for (
          const stop = Math.min(position + 16, data.entries.length);
          position < stop && data.entries[position].seq <= lastSeq;
          position++
        ) {
          data.buildStep(index, data.entries[position]);
          after = data.entries[position].seq;
        }
      }
      if (position >= data.entries.length || data.entries[position].seq > lastSeq) break;
      await yieldToOtherRequests();
    }
  } finally {
    index.build = undefined;
    account.inProgress.finish(running);
  }
}
