import type { Doc, Value } from '../../bson/extendedJson';
import type { IndexSpec } from './indexSpec';
import { comparable } from '../comparable';
import type { DocumentKeys } from './indexKeys';
import { keysOf } from './indexKeys';
import type { Key } from './keyOrder';
import type { Keyed, KeyedItems } from './orderedIndex';
import { OrderedIndex } from './orderedIndex';
import { sortInSteps } from './steppedSort';

export interface IndexedEntry extends Keyed {
  doc: Doc;
}

/** A document's keys as a build gathered them, with the document they came from (a write may replace it meanwhile). */
interface Gathered {
  entry: IndexedEntry;
  doc: Doc;
  found: DocumentKeys;
}

/** Entries a build gathers between two steps. */
const GATHER_STEP = 64;
/** Keys a build sorts at once, between two steps, before it merges them a step at a time. */
const SORT_BLOCK = 2048;

/** A background build under way: how far it is, and the documents already indexed by a write that came first. */
export interface BuildProgress {
  done: number;
  total: number;
  indexedByWrites: Set<IndexedEntry>;
}

const SPECIAL_KINDS = new Set(['2d', '2dsphere', 'geoHaystack', 'text', 'hashed']);

function asKey(value: Key): Key {
  return typeof value === 'bigint' || (typeof value === 'object' && value !== null) ? (comparable(value as Value) as Key) : value;
}

/**
 * One index of a collection as the planner uses it: its keys in order, whether any document gave it
 * several keys (multikey), the documents it could not key, and how often it served a query.
 */
export class QueryIndex {
  readonly fields: string[];
  readonly tree: OrderedIndex<IndexedEntry>;
  /** Documents with several keys (or the key of an empty array): ranges cannot be intersected, sorts are left to the engine. */
  multikeyDocs = 0;
  /** Documents whose key holds an array inside an object: sorts are left to the engine. */
  unsortableDocs = 0;
  /** Documents with too many keys (arrays in several fields): every walk of the index takes them as candidates too. */
  readonly unkeyed = new Set<IndexedEntry>();
  readonly accesses = { ops: 0, since: new Date() };
  build: BuildProgress | undefined;
  /** A geo, text or hashed index: kept, listed and counted, never used to plan. */
  readonly special: boolean;

  /** The field of a single-field index on a top-level field (no dot): its scalar values are keyed without a walk. */
  private readonly topField: string | undefined;

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.topField = this.fields.length === 1 && !this.fields[0].includes('.') ? this.fields[0] : undefined;
    this.special = Object.values(spec.key).some((direction) => SPECIAL_KINDS.has(String(direction)));
    this.tree = new OrderedIndex(Object.values(spec.key).map((direction) => (direction === -1 ? -1 : 1)));
  }

  get name(): string {
    return this.spec.name;
  }

  get multikey(): boolean {
    return this.multikeyDocs > 0 || this.unkeyed.size > 0;
  }

  /** Whether the planner may use it now: built, and of a kind it walks. */
  get usable(): boolean {
    return !this.build && !this.special;
  }

  keysOf(doc: Doc): DocumentKeys {
    if (this.topField !== undefined) {
      const value = Object.prototype.hasOwnProperty.call(doc, this.topField) ? doc[this.topField] : null;
      const type = typeof value;
      if (value === null || value === undefined || type === 'number' || type === 'string' || type === 'boolean')
        return { keys: [value ?? null] as Key[], multikey: false, unsortable: false };
    }
    const found = keysOf(this.fields, doc);
    if (found.keys === undefined) return found;
    const keys = this.fields.length === 1 ? (found.keys as Key[]).map(asKey) : (found.keys as Key[][]).map((combo) => combo.map(asKey));
    return { ...found, keys };
  }

  add(entry: IndexedEntry): void {
    const found = this.keysOf(entry.doc);
    if (!this.counted(entry, found)) return;
    for (const key of found.keys!) this.tree.insert(key, entry);
  }

  /** Counts `found` as the keys of `entry`; false when it is kept aside (unkeyed) rather than keyed in the tree. */
  private counted(entry: IndexedEntry, found: DocumentKeys): boolean {
    if (found.multikey) this.multikeyDocs++;
    if (found.unsortable) this.unsortableDocs++;
    if (found.keys !== undefined) return true;
    this.unkeyed.add(entry);
    return false;
  }

  /** Fills the empty index with `entries` at once (start-up): one sort of their keys instead of a tree insert each. */
  fill(entries: readonly IndexedEntry[]): void {
    const keyed: KeyedItems<IndexedEntry> = { keys: [], items: [] };
    for (const entry of entries) {
      const found = this.keysOf(entry.doc);
      if (!this.counted(entry, found)) continue;
      for (const key of found.keys!) {
        keyed.keys.push(key);
        keyed.items.push(entry);
      }
    }
    const positions = keyed.items.map((_, at) => at).sort(this.comparePositions(keyed));
    this.tree.replaceWith(this.tree.inOrder(keyed, positions));
  }

  /** The order of two positions of `keyed` in this index. */
  private comparePositions(keyed: KeyedItems<IndexedEntry>): (a: number, b: number) => number {
    return (a, b) => this.tree.compareItems(keyed.keys[a], keyed.items[a], keyed.keys[b], keyed.items[b]);
  }

  /**
   * A background build a step at a time (the index was created empty, `build` set; writes meanwhile index
   * themselves). The keys of `entries` (the collection's natural order when the build started) are gathered and
   * sorted between other requests; the last step, in one turn, keeps those of documents still as they were and
   * not indexed by a write, and merges them with the keys writes added.
   */
  *buildSteps(
    entries: readonly IndexedEntry[],
    isCurrent: (entry: IndexedEntry, doc: Doc) => boolean,
    /** Entries gathered, and keys sorted at once, between two steps (tests take small ones to interleave writes). */
    stepSizes = { gather: GATHER_STEP, sortBlock: SORT_BLOCK },
  ): Generator<void, void> {
    const build = this.build!;
    const total = entries.length;
    build.total = total;
    // Each key beside its entry and the document it came from (a write may replace it meanwhile); documents counted
    // as multikey, unsortable or kept aside also on their own, to be counted once kept.
    const keyed: KeyedItems<IndexedEntry> = { keys: [], items: [] };
    const docs: Doc[] = [];
    const noted: Gathered[] = [];
    for (let i = 0; i < total; i++) {
      const entry = entries[i];
      build.done = i + 1;
      if (isCurrent(entry, entry.doc) && !build.indexedByWrites.has(entry)) {
        const found = this.keysOf(entry.doc);
        if (found.multikey || found.unsortable || found.keys === undefined) noted.push({ entry, doc: entry.doc, found });
        for (const key of found.keys ?? []) {
          keyed.keys.push(key);
          keyed.items.push(entry);
          docs.push(entry.doc);
        }
      }
      if (i % stepSizes.gather === stepSizes.gather - 1) yield;
    }
    const positions = keyed.items.map((_, at) => at);
    const sorted = yield* sortInSteps(positions, this.comparePositions(keyed), stepSizes.sortBlock, stepSizes.sortBlock * 2);
    // Writes since: a document replaced, deleted or indexed by a write keeps none of the keys gathered for it.
    const kept = (entry: IndexedEntry, doc: Doc) => !build.indexedByWrites.has(entry) && isCurrent(entry, doc);
    for (const { entry, doc, found } of noted) if (kept(entry, doc)) this.counted(entry, found);
    const fromBuild = this.tree.inOrder(
      keyed,
      sorted.filter((at) => kept(keyed.items[at], docs[at])),
    );
    this.tree.replaceWith(this.merged(fromBuild, this.tree.keyedItems()));
  }

  /** Two lists in this index's order, merged into one. */
  private merged(a: KeyedItems<IndexedEntry>, b: KeyedItems<IndexedEntry>): KeyedItems<IndexedEntry> {
    if (b.items.length === 0) return a;
    const out: KeyedItems<IndexedEntry> = { keys: [], items: [] };
    let i = 0;
    let j = 0;
    while (i < a.items.length || j < b.items.length) {
      const fromB =
        i === a.items.length || (j < b.items.length && this.tree.compareItems(b.keys[j], b.items[j], a.keys[i], a.items[i]) < 0);
      out.keys.push(fromB ? b.keys[j] : a.keys[i]);
      out.items.push(fromB ? b.items[j++] : a.items[i++]);
    }
    return out;
  }

  /** Takes out the keys `entry` had while it held `doc` (the caller passes the document as it was indexed). */
  remove(entry: IndexedEntry, doc: Doc): void {
    const found = this.keysOf(doc);
    if (found.keys === undefined) {
      if (!this.unkeyed.delete(entry)) return;
    } else {
      let removed = false;
      for (const key of found.keys) removed = this.tree.remove(key, entry) || removed;
      if (!removed) return;
    }
    if (found.multikey) this.multikeyDocs--;
    if (found.unsortable) this.unsortableDocs--;
  }

  countAccess(): void {
    this.accesses.ops++;
  }
}
