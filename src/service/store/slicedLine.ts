import { SLICE_MS } from '../query/slicedScan';
import type { Mutation } from './mutations';
import { stringifyStored } from '../bson/plainJson';

const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The journal line `stringifyMutations(mutations, header)` would give, newline included, in pieces serialised a slice of
 * {@link SLICE_MS} at a time so that other requests are answered in between: a line of 100,000 documents takes
 * seconds to serialise. The mutations must not change meanwhile (a copy's documents are its own clones).
 */
export async function journalLineInSlices(mutations: Mutation[], header: Record<string, unknown>): Promise<Buffer[]> {
  const head = JSON.stringify(header);
  const chunks: Buffer[] = [Buffer.from(`${head.length > 2 ? `${head.slice(0, -1)},` : '{'}"m":[`, 'utf8')];
  let next = 0;
  while (next < mutations.length) {
    const pieces: string[] = [];
    const sliceEnd = performance.now() + SLICE_MS;
    do {
      for (const stop = Math.min(next + 16, mutations.length); next < stop; next++)
        pieces.push(stringifyStored(mutations[next], 'A journal line'));
    } while (next < mutations.length && performance.now() < sliceEnd);
    chunks.push(Buffer.from(`${chunks.length > 1 ? ',' : ''}${pieces.join(',')}`, 'utf8'));
    if (next < mutations.length) await yieldToOtherRequests();
  }
  chunks.push(Buffer.from(']}\n', 'utf8'));
  return chunks;
}
