import type { Doc } from '../../bson/extendedJson';
import { bsonSize } from '../../bson/bsonSize';
import { badRequest } from '../../errors';
import { spendWork } from '../budget';

/** The database's limit on what one stage of a pipeline holds in memory (without spilling to disk): 100 MB. */
export const MAX_PIPELINE_BYTES = 100 * 1024 * 1024;

const megabytes = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * What the documents a stage builds weigh, as BSON: a stage's output may not exceed {@link MAX_PIPELINE_BYTES}.
 * Documents read from the collection are the store's and are not counted; documents that pass a stage
 * unchanged are measured once.
 */
export class MemoryMeter {
  private readonly sizes = new WeakMap<Doc, number>();

  constructor(private readonly limit = MAX_PIPELINE_BYTES) {}

  /** Starts a stage's output: the bytes so far are 0. */
  start(): { bytes: number } {
    return { bytes: 0 };
  }

  /** Adds `docs` to a stage's output; a 400 once the output is over the limit. */
  add(output: { bytes: number }, docs: readonly Doc[]): void {
    for (const doc of docs) {
      let size = this.sizes.get(doc);
      if (size === undefined) {
        size = bsonSize(doc);
        this.sizes.set(doc, size);
        spendWork(1 + (size >> 12), 'measuring documents');
      }
      output.bytes += size;
    }
    if (output.bytes > this.limit)
      throw badRequest(
        `the documents built by this stage exceed ${megabytes(this.limit)}, the local service's memory limit for one stage of a pipeline; narrow the pipeline: a more selective $match first, a $project of only the fields needed before $group, $unwind or $lookup, or a $limit`,
      );
  }
}
