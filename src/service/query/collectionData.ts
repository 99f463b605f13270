import type { Doc, Value } from '../bson/extendedJson';
import { stringifyExtended, valueAtPath, valueKey } from '../bson/extendedJson';
import { QueryIndex } from './indexes/queryIndex';
import type { IndexSpec } from './indexes/indexSpec';
import type { StoredRules } from './storedRules';
import { stringifyStored } from '../bson/plainJson';

/** Stands for a size not measured yet (a document loaded at start-up): not counted in the collection's dataSize either. */
const UNMEASURED = -1;
/** Documents measured between two steps of {@link CollectionData.measureSteps}. */
const MEASURE_STEP = 256;

/** A stored document. */
export class Entry {
  /** Deleted, and not yet dropped from the natural order (that happens when the order is next read). */
  removed?: true;

  constructor(
    public doc: Doc,
    /** Its stored size, or {@link UNMEASURED}; only its collection changes it. */
    public measured: number,
    /** Its place in the natural order: ties between equal index keys are broken by it, as a scan finds them. */
    readonly seq: number,
  ) {}

  /** Its size as stored. */
  get size(): number {
    return this.measured === UNMEASURED ? documentSize(this.doc) : this.measured;
  }
}

export const ID_INDEX: IndexSpec = { name: '_id_', key: { _id: 1 } };

/** The keys a document contributes to a unique index; an array under a single-field index contributes each element. */
export function indexKeysOf(index: IndexSpec, doc: Doc): string[] {
  const fields = Object.keys(index.key);
  if (fields.length === 1) {
    const value = valueAtPath(doc, fields[0]);
    if (Array.isArray(value)) return value.length === 0 ? [valueKey(null)] : [...new Set(value.map((item) => valueKey(item)))];
    return [valueKey(value)];
  }
  // JSON of the list: joining with a separator made {a: "p", b: "q\u0000sr"} and {a: "p\u0000sq", b: "r"} one key.
  return [JSON.stringify(fields.map((field) => valueKey(valueAtPath(doc, field))))];
}

export function describeKey(index: IndexSpec, doc: Doc): string {
  const parts = Object.keys(index.key).map((field) => `: ${stringifyExtended(valueAtPath(doc, field) ?? null)}`);
  return `{ ${parts.join(', ')} }`;
}

/**
 * The key of an `_id` in the map of ids: a number as itself (a string made for each of a million numeric ids took
 * seconds at start-up), an int64 as the number it equals when there is one, anything else as its valueKey. Equal
 * keys exactly where valueKey gives equal keys, within the int64 range.
 */
function idKey(id: Value | undefined): string | number {
  if (typeof id === 'number') return id;
  if (typeof id === 'bigint') {
    const asNumber = Number(id);
    if (BigInt(asNumber) === id) return asNumber;
  }
  return valueKey(id);
}

export const documentSize = (doc: Doc): number => Buffer.byteLength(stringifyStored(doc));

/**
 * The documents of one collection in natural (insertion) order, with a map from `_id`, one map per
 * unique index so that lookups and uniqueness checks never scan, and every index's keys in order for
 * the planner (query/planner.ts).
 */
export class CollectionData {
  private slots: Entry[] = [];
  private removedSlots = 0;
  readonly indexes: IndexSpec[] = [ID_INDEX];
  /** The collection's validation rules (issue 33); absent when it has none. */
  rules?: StoredRules;
  /** The sizes of the documents measured; `unmeasured` more are not counted yet (see dataSize). */
  private measuredSize = 0;
  private unmeasured = 0;
  private nextSeq = 0;
  private readonly byId = new Map<string | number, Entry>();
  private readonly unique = new Map<string, Map<string, Entry>>();
  private readonly ordered = new Map<string, QueryIndex>([[ID_INDEX.name, new QueryIndex(ID_INDEX)]]);
  /** Index names whose next creation is built by a background build (handlers/indexes.ts) instead of at once. */
  private readonly deferred = new Set<string>();

  /**
   * `replaying`: filled from the account's files at start-up. The ordered indexes are then left empty until
   * {@link finishReplay} (a tree insert a document, a million times over, held the start for over a minute).
   */
  constructor(private replaying = false) {}

  /** False for a collection whose documents a store keeps elsewhere until a request names it (PostgreSQL). */
  get loaded(): boolean {
    return true;
  }

  /** The ordered index of that name (building or not). */
  queryIndex(name: string): QueryIndex | undefined {
    return this.ordered.get(name);
  }

  get queryIndexes(): QueryIndex[] {
    return [...this.ordered.values()];
  }

  /** The next `addIndex` of `name` leaves its keys to a background build: the index starts empty, marked as building. */
  deferBuild(name: string): void {
    this.deferred.add(name);
  }

  /** Forgets a deferred build that no `addIndex` took (its journal line failed). */
  cancelDeferredBuild(name: string): void {
    this.deferred.delete(name);
  }

  /** The documents in natural order. A delete only marks its entry (O(1)); the marked ones go at the next read, in one pass. */
  get entries(): Entry[] {
    if (this.removedSlots > 0) {
      this.slots = this.slots.filter((entry) => !entry.removed);
      this.removedSlots = 0;
    }
    return this.slots;
  }

  /**
   * The stored size of every document. Documents loaded at start-up are measured in the background once the service
   * answers (measureSteps), or here if asked first (serialising a million documents to measure them took seconds of
   * the start).
   */
  get dataSize(): number {
    if (this.unmeasured > 0) {
      for (const entry of this.entries) {
        if (entry.measured !== UNMEASURED) continue;
        entry.measured = documentSize(entry.doc);
        this.measuredSize += entry.measured;
      }
      this.unmeasured = 0;
    }
    return this.measuredSize;
  }

  /** Measures the sizes the load left unmeasured, a step at a time (after start-up, between requests). */
  *measureSteps(): Generator<void, void> {
    const entries = this.entries;
    for (let i = 0; i < entries.length && this.unmeasured > 0; i++) {
      const entry = entries[i];
      if (entry.measured === UNMEASURED && !entry.removed) {
        entry.measured = documentSize(entry.doc);
        this.measuredSize += entry.measured;
        this.unmeasured--;
      }
      if (i % MEASURE_STEP === MEASURE_STEP - 1) yield;
    }
  }

  get count(): number {
    return this.slots.length - this.removedSlots;
  }

  get(id: Value | undefined): Entry | undefined {
    return this.byId.get(idKey(id));
  }

  hasId(id: Value): boolean {
    return this.byId.has(idKey(id));
  }

  /**
   * Inserts the document, or replaces the one with the same `_id`. Constraints are the caller's to check. `size`: its
   * documentSize, when known; while replaying a document without one is measured later (dataSize).
   */
  put(doc: Doc, size = this.replaying ? UNMEASURED : documentSize(doc)): void {
    const key = idKey(doc._id);
    const existing = this.byId.get(key);
    if (existing) {
      this.unindex(existing);
      this.uncountSize(existing);
      existing.doc = doc;
      existing.measured = size;
      this.countSize(existing);
      this.index(existing);
      return;
    }
    const entry = new Entry(doc, size, this.nextSeq++);
    this.slots.push(entry);
    this.byId.set(key, entry);
    this.countSize(entry);
    this.index(entry);
  }

  private countSize(entry: Entry): void {
    if (entry.measured === UNMEASURED) this.unmeasured++;
    else this.measuredSize += entry.measured;
  }

  private uncountSize(entry: Entry): void {
    if (entry.measured === UNMEASURED) this.unmeasured--;
    else this.measuredSize -= entry.measured;
  }

  delete(id: Value): boolean {
    const key = idKey(id);
    const entry = this.byId.get(key);
    if (!entry) return false;
    this.unindex(entry);
    this.byId.delete(key);
    this.uncountSize(entry);
    entry.removed = true;
    this.removedSlots++;
    // Without reads in between, the marked entries go once they are half of the order (amortized O(1) a delete).
    if (this.removedSlots > 1024 && this.removedSlots * 2 > this.slots.length) void this.entries;
    return true;
  }

  addIndex(spec: IndexSpec): void {
    const position = this.indexes.findIndex((index) => index.name === spec.name);
    if (position >= 0) this.indexes[position] = spec;
    else this.indexes.push(spec);
    if (spec.name !== ID_INDEX.name) this.addOrderedIndex(spec);
    if (!spec.unique || spec.name === ID_INDEX.name) return;
    const map = new Map<string, Entry>();
    for (const entry of this.entries) {
      for (const key of indexKeysOf(spec, entry.doc)) if (!map.has(key)) map.set(key, entry);
    }
    this.unique.set(spec.name, map);
  }

  dropIndex(name: string): boolean {
    const position = this.indexes.findIndex((index) => index.name === name);
    if (position < 0 || name === ID_INDEX.name) return false;
    this.indexes.splice(position, 1);
    this.unique.delete(name);
    this.ordered.delete(name);
    return true;
  }

  private addOrderedIndex(spec: IndexSpec): void {
    const index = new QueryIndex(spec);
    this.ordered.set(spec.name, index);
    if (this.replaying) return;
    if (this.deferred.delete(spec.name)) {
      index.build = { done: 0, total: this.entries.length, indexedByWrites: new Set() };
      return;
    }
    for (const entry of this.entries) index.add(entry);
  }

  /** A background build's steps (handlers/indexBuild.ts runs them between other requests); see {@link QueryIndex.buildSteps}. */
  buildSteps(index: QueryIndex, stepSizes?: { gather: number; sortBlock: number }): Generator<void, void> {
    return index.buildSteps(this.entries, (entry, doc) => !(entry as Entry).removed && entry.doc === doc, stepSizes);
  }

  /**
   * Ends a replay (start-up): the `_id_` index is filled at once; every other index is left to a background
   * build, returned for the caller to start once the service answers. Unique indexes were enforced all along
   * (their maps of keys are kept by every write); only their order for the planner waits.
   */
  finishReplay(): QueryIndex[] {
    this.replaying = false;
    const waiting: QueryIndex[] = [];
    for (const index of this.ordered.values()) {
      if (index.name === ID_INDEX.name) index.fill(this.entries);
      else {
        index.build = { done: 0, total: this.count, indexedByWrites: new Set() };
        waiting.push(index);
      }
    }
    return waiting;
  }

  /**
   * The unique index (`_id_` included) that `doc` would violate, ignoring the entry it replaces and
   * counting keys already claimed by earlier documents of the same request.
   */
  conflict(doc: Doc, replacing: Entry | undefined, claimed?: Map<string, Set<string>>): IndexSpec | undefined {
    const holder = this.byId.get(idKey(doc._id));
    if ((holder && holder !== replacing) || claimed?.get(ID_INDEX.name)?.has(valueKey(doc._id))) return ID_INDEX;
    for (const index of this.indexes) {
      const map = this.unique.get(index.name);
      if (!map) continue;
      for (const key of indexKeysOf(index, doc)) {
        const other = map.get(key);
        if ((other && other !== replacing) || claimed?.get(index.name)?.has(key)) return index;
      }
    }
    return undefined;
  }

  /** The document holding `key` (as {@link indexKeysOf} makes it) in the unique index `name`, other than `_id_`. */
  uniqueHolder(name: string, key: string): Entry | undefined {
    return this.unique.get(name)?.get(key);
  }

  /** Records the keys of `doc` as taken for the rest of a multi-document request. */
  claim(doc: Doc, claimed: Map<string, Set<string>>): void {
    const add = (name: string, key: string) => {
      let set = claimed.get(name);
      if (!set) claimed.set(name, (set = new Set()));
      set.add(key);
    };
    add(ID_INDEX.name, valueKey(doc._id));
    for (const index of this.indexes) if (this.unique.has(index.name)) for (const key of indexKeysOf(index, doc)) add(index.name, key);
  }

  private index(entry: Entry): void {
    if (!this.replaying)
      for (const index of this.ordered.values()) {
        index.add(entry);
        index.build?.indexedByWrites.add(entry);
      }
    for (const index of this.indexes) {
      const map = this.unique.get(index.name);
      if (map) for (const key of indexKeysOf(index, entry.doc)) if (!map.has(key)) map.set(key, entry);
    }
  }

  private unindex(entry: Entry): void {
    if (!this.replaying)
      for (const index of this.ordered.values()) {
        index.remove(entry, entry.doc);
        index.build?.indexedByWrites.delete(entry);
      }
    for (const index of this.indexes) {
      const map = this.unique.get(index.name);
      if (map) for (const key of indexKeysOf(index, entry.doc)) if (map.get(key) === entry) map.delete(key);
    }
  }
}
