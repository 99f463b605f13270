import { Aggregator } from 'mingo/aggregator';
import { HashMap, resolve } from 'mingo/util';
import type { Doc, Value } from '../../bson/extendedJson';
import { spendWork } from '../budget';
import type { RequestBudget } from '../budget';
import type { MemoryMeter } from './memoryMeter';
import { inSlices } from './slices';

type MingoOptions = ConstructorParameters<typeof Aggregator>[1];

/** Documents given to the query engine's `$group` in one go: whole groups, about this many documents. */
const BATCH_DOCUMENTS = 256;
/** Documents whose group is computed in one go. */
const KEY_CHUNK = 128;

/**
 * The group key of each document as the engine computes it: a field path (`"$region"`) is what the engine
 * resolves for it; anything else is evaluated by the engine, a chunk at a time.
 */
function groupKeys(id: Value, options: MingoOptions): (docs: Doc[]) => unknown[] {
  if (typeof id === 'string' && /^\$[^$]/.test(id)) {
    const path = id.slice(1);
    return (docs) => docs.map((doc) => resolve(doc, path));
  }
  const aggregator = new Aggregator([{ $replaceWith: { key: id } }], options);
  return (docs) => (aggregator.run(docs) as { key?: unknown }[]).map((result) => result.key);
}

/**
 * The query engine's `$group`, in slices: the group of each document is computed a few at a time, then
 * whole groups, in the order of their first document, are handed to the engine's own `$group` a batch at
 * a time, so the accumulators are the engine's and the answer is the one it gives over the whole input.
 */
export async function groupSliced(
  docs: Doc[],
  spec: Record<string, Value>,
  options: MingoOptions,
  budget: RequestBudget,
  meter: MemoryMeter,
): Promise<Doc[]> {
  const partitions = HashMap.init() as Map<unknown, Doc[]>;
  // The engine's own evaluation of the group's `_id`, a chunk at a time (evaluating one expression alone costs far more).
  const keysOf = groupKeys(spec._id, options);
  await inSlices(docs.length, budget, (from) => {
    const to = Math.min(from + KEY_CHUNK, docs.length);
    spendWork(to - from, '$group');
    const keys = keysOf(docs.slice(from, to));
    for (let at = from; at < to; at++) {
      const key = keys[at - from];
      const members = partitions.get(key);
      if (members) members.push(docs[at]);
      else partitions.set(key, [docs[at]]);
    }
    return to;
  });
  const groups = [...partitions.values()];
  const aggregator = new Aggregator([{ $group: spec }], options);
  const output: Doc[] = [];
  const measured = meter.start();
  await inSlices(groups.length, budget, (from) => {
    let to = from;
    const batch: Doc[] = [];
    while (to < groups.length && batch.length < BATCH_DOCUMENTS) for (const doc of groups[to++]) batch.push(doc);
    const grouped = aggregator.run(batch) as Doc[];
    meter.add(measured, grouped);
    for (const doc of grouped) output.push(doc);
    return to;
  });
  return output;
}
