import type { Doc } from '../bson/extendedJson';
import type { IndexSpec } from '../query/indexes/indexSpec';

/** What a store found scanning a collection it keeps for an index about to be made. */
export interface IndexScan {
  /** How many documents the collection holds. */
  count: number;
  /**
   * For a unique index: the documents whose key a document before them in natural order holds already, in natural
   * order (at most the first unless every one was asked for); `unsure` when the store cannot decide every key exactly
   * as the service compares them (an array, a type whose order the store does not share).
   */
  duplicates?: Doc[] | 'unsure';
}

/** How far a store's build of an index is, in documents (it may move in jumps). */
export interface BuildProgress {
  done: number;
  total: number;
}

/** A build of an index the store runs itself: its progress until `settled` resolves. */
export interface StoreBuild {
  progress(): BuildProgress;
  readonly settled: Promise<void>;
}

/**
 * Index builds where the store keeps the documents (PostgreSQL), for a collection not loaded into the service: the
 * scan the interface's checks need, and the progress of the store's own index build. The journal store has none: its
 * collections are always loaded, and the service builds their indexes.
 */
export interface StoreIndexBuilds {
  /** Counts the collection and, for a unique `index`, finds its duplicate keys (all of them when `all`). */
  scan(db: string, col: string, index: IndexSpec, all: boolean): Promise<IndexScan>;
  /**
   * Follows the build the store makes of `index` once the write request creating it committed, until that request
   * is done; `total` the collection's count.
   */
  watch(db: string, col: string, index: IndexSpec, total: number): StoreBuild;
  /** The progress of a build of the index `name` that {@link watch} follows, if one runs. */
  building(db: string, col: string, name: string): BuildProgress | undefined;
}

/**
 * A write request found that it needs the documents of a collection the store had not loaded for it (a key the store
 * cannot compare exactly): nothing was stored, and the store runs the request again with the collection loaded.
 */
export class CollectionWanted extends Error {
  constructor(
    readonly db: string,
    readonly col: string,
  ) {
    super(`The request needs the documents of ${db}.${col} loaded`);
  }
}
