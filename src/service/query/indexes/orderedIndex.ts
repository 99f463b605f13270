import type { BoundPart, Key } from './keyOrder';
import type { TypeEdge } from './keyOrder';
import { compareKeyToBound, WALK_END, WALK_START } from './keyOrder';

/** What an index points at: a stored document's place in the collection's natural order breaks ties between equal keys. */
export interface Keyed {
  seq: number;
}

/** A position to seek to: one part per field of the index (in walk order), then a natural-order number (±Infinity for "all of them"). */
export interface Bound {
  parts: BoundPart[];
  seq: number;
}

/** Items per chunk before it splits in two: inserts and deletes move at most this many references. */
const CHUNK_MAX = 512;
/** Items per chunk when an index is filled at once: room is left for the inserts that follow. */
const CHUNK_FILL = 384;

/** Items with their keys, side by side (a list of pairs cost an object a key: 100 MB more at a million). */
export interface KeyedItems<E> {
  keys: (Key | Key[])[];
  items: E[];
}

interface Chunk<E> {
  keys: (Key | Key[])[];
  items: E[];
}

/**
 * The keys of one index in order (fields by their directions, then natural order), as a list of sorted
 * chunks: finding a place is a binary search over the chunks and one inside a chunk (O(log n)), and an
 * insert or a delete moves at most {@link CHUNK_MAX} references, so a write costs the same at a thousand
 * documents as at a million.
 */
export class OrderedIndex<E extends Keyed> {
  private chunks: Chunk<E>[] = [];
  size = 0;
  /** Goes up with every change, so that a walk that let other requests run finds its place again. */
  version = 0;

  constructor(readonly directions: number[]) {}

  private compareToBound(key: Key | Key[], seq: number, bound: Bound): number {
    if (this.directions.length === 1) {
      const order = comparePart(key as Key, bound.parts[0], this.directions[0]);
      if (order !== 0) return order;
    } else {
      for (let i = 0; i < this.directions.length; i++) {
        const order = comparePart((key as Key[])[i], bound.parts[i], this.directions[i]);
        if (order !== 0) return order;
      }
    }
    return seq < bound.seq ? -1 : seq > bound.seq ? 1 : 0;
  }

  /** The order of two items in this index: fields by their directions, then natural order. */
  compareItems(keyA: Key | Key[], a: E, keyB: Key | Key[], b: E): number {
    if (this.directions.length === 1) {
      const order = comparePart(keyA as Key, keyB as Key, this.directions[0]);
      if (order !== 0) return order;
    } else {
      for (let i = 0; i < this.directions.length; i++) {
        const order = comparePart((keyA as Key[])[i], (keyB as Key[])[i], this.directions[i]);
        if (order !== 0) return order;
      }
    }
    return a.seq - b.seq;
  }

  /** Every item with its key, in order. */
  keyedItems(): KeyedItems<E> {
    const all: KeyedItems<E> = { keys: [], items: [] };
    for (const chunk of this.chunks) {
      for (let i = 0; i < chunk.items.length; i++) {
        all.keys.push(chunk.keys[i]);
        all.items.push(chunk.items[i]);
      }
    }
    return all;
  }

  /** Replaces every item with `sorted` (in the order of {@link compareItems}): a cut into chunks instead of an insert each. */
  replaceWith(sorted: KeyedItems<E>): void {
    this.version++;
    this.size = sorted.items.length;
    this.chunks = [];
    for (let start = 0; start < sorted.items.length; start += CHUNK_FILL)
      this.chunks.push({ keys: sorted.keys.slice(start, start + CHUNK_FILL), items: sorted.items.slice(start, start + CHUNK_FILL) });
  }

  /** `unsorted` in this index's order: the positions are sorted, then the keys and items taken in their order. */
  inOrder(unsorted: KeyedItems<E>, positions: readonly number[]): KeyedItems<E> {
    return { keys: positions.map((at) => unsorted.keys[at]), items: positions.map((at) => unsorted.items[at]) };
  }

  /** The first place whose item is at or after `bound`: [chunk, offset]; [chunks.length, 0] past the end. */
  seek(bound: Bound): [number, number] {
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = this.chunks[middle];
      const last = chunk.items.length - 1;
      if (this.compareToBound(chunk.keys[last], chunk.items[last].seq, bound) < 0) low = middle + 1;
      else high = middle;
    }
    if (low === this.chunks.length) return [low, 0];
    const chunk = this.chunks[low];
    let from = 0;
    let to = chunk.items.length;
    while (from < to) {
      const middle = (from + to) >>> 1;
      if (this.compareToBound(chunk.keys[middle], chunk.items[middle].seq, bound) < 0) from = middle + 1;
      else to = middle;
    }
    return [low, from];
  }

  insert(key: Key | Key[], item: E): void {
    this.version++;
    this.size++;
    if (this.chunks.length === 0) {
      this.chunks.push({ keys: [key], items: [item] });
      return;
    }
    const bound = boundOf(key, item.seq, this.directions.length > 1);
    const lastChunk = this.chunks[this.chunks.length - 1];
    const last = lastChunk.items.length - 1;
    // Keys that rise with the natural order (an _id counter, a date) go after the last one: no search.
    let [chunkAt, offset] =
      this.compareToBound(lastChunk.keys[last], lastChunk.items[last].seq, bound) < 0
        ? [this.chunks.length - 1, lastChunk.items.length]
        : this.seek(bound);
    if (chunkAt === this.chunks.length) {
      chunkAt--;
      offset = this.chunks[chunkAt].items.length;
    }
    const chunk = this.chunks[chunkAt];
    chunk.keys.splice(offset, 0, key);
    chunk.items.splice(offset, 0, item);
    if (chunk.items.length > CHUNK_MAX) {
      const half = chunk.items.length >>> 1;
      this.chunks.splice(chunkAt + 1, 0, { keys: chunk.keys.splice(half), items: chunk.items.splice(half) });
    }
  }

  remove(key: Key | Key[], item: E): boolean {
    const [chunkAt, offset] = this.seek(boundOf(key, item.seq, this.directions.length > 1));
    const chunk = this.chunks[chunkAt];
    if (!chunk || chunk.items[offset] !== item) return false;
    this.version++;
    this.size--;
    chunk.keys.splice(offset, 1);
    chunk.items.splice(offset, 1);
    if (chunk.items.length === 0) this.chunks.splice(chunkAt, 1);
    return true;
  }

  /** How many items come before `bound`. */
  rank(bound: Bound): number {
    const [chunkAt, offset] = this.seek(bound);
    let before = offset;
    for (let i = 0; i < chunkAt; i++) before += this.chunks[i].items.length;
    return before;
  }

  /** How many items lie from `from` (included) up to `to` (excluded). */
  countBetween(from: Bound, to: Bound): number {
    return Math.max(0, this.rank(to) - this.rank(from));
  }

  /** A walk from `from` to `to` (walk order), forward or backward; see {@link IndexCursor}. */
  cursor(from: Bound, to: Bound, direction: 1 | -1): IndexCursor<E> {
    return new IndexCursor(this, from, to, direction);
  }

  /** @internal */ chunkAt(i: number): Chunk<E> | undefined {
    return this.chunks[i];
  }

  /** @internal */ before(key: Key | Key[], seq: number, bound: Bound): boolean {
    return this.compareToBound(key, seq, bound) < 0;
  }
}

function comparePart(key: Key, part: BoundPart, direction: number): number {
  // The common cases first, without a call: numbers with numbers, strings with strings.
  if ((typeof key === 'number' && typeof part === 'number') || (typeof key === 'string' && typeof part === 'string'))
    return key < part ? -direction : key > part ? direction : 0;
  if (part === WALK_START) return 1;
  if (part === WALK_END) return -1;
  const order = compareKeyToBound(key, part as TypeEdge | Key);
  return direction < 0 ? -order : order;
}

export function boundOf(key: Key | Key[], seq: number, compound: boolean): Bound {
  return { parts: compound ? (key as Key[]) : [key as Key], seq };
}

/**
 * Items from `from` (included) to `to` (excluded), forward or backward. It reads the index as it is at each
 * step: after a change (another request ran in between) it finds its place again after the last item given.
 */
export class IndexCursor<E extends Keyed> {
  private chunk = 0;
  private offset = 0;
  private version: number;
  private last: { key: Key | Key[]; seq: number } | undefined;
  private done = false;

  constructor(
    private readonly index: OrderedIndex<E>,
    private readonly from: Bound,
    private readonly to: Bound,
    private readonly direction: 1 | -1,
  ) {
    this.version = index.version;
    this.place(direction === 1 ? from : to);
  }

  private place(bound: Bound): void {
    [this.chunk, this.offset] = this.index.seek(bound);
    if (this.direction === -1) this.stepBack();
  }

  private stepBack(): void {
    if (this.offset > 0) this.offset--;
    else if (this.chunk > 0) {
      this.chunk--;
      this.offset = this.index.chunkAt(this.chunk)!.items.length - 1;
    } else this.done = true;
  }

  next(): { key: Key | Key[]; item: E } | undefined {
    if (this.done) return undefined;
    if (this.version !== this.index.version && this.last) {
      this.version = this.index.version;
      this.place(boundOf(this.last.key, this.last.seq + this.direction * 0.5, this.index.directions.length > 1));
      if (this.done) return undefined;
    }
    const chunk = this.index.chunkAt(this.chunk);
    if (!chunk || this.offset >= chunk.items.length) return this.finish();
    const key = chunk.keys[this.offset];
    const item = chunk.items[this.offset];
    const inside = this.direction === 1 ? this.index.before(key, item.seq, this.to) : !this.index.before(key, item.seq, this.from);
    if (!inside) return this.finish();
    this.last = { key, seq: item.seq };
    if (this.direction === 1) {
      this.offset++;
      if (this.offset >= chunk.items.length) {
        this.chunk++;
        this.offset = 0;
      }
    } else this.stepBack();
    return { key, item };
  }

  private finish(): undefined {
    this.done = true;
    return undefined;
  }
}
