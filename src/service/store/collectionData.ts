import type { Doc, Value } from '../bson/extendedJson';
import { stringifyExtended, valueAtPath, valueKey } from '../bson/extendedJson';
import { QueryIndex } from '../query/indexes/queryIndex';
import type { IndexSpec } from './mutations';
import { stringifyStored } from './plainJson';

export interface Entry {
  doc: Doc;
  size: number;
  /** Its place in the natural order: ties between equal index keys are broken by it, as a scan finds them. */
  seq: number;
  /** Deleted, and not yet dropped from the natural order (that happens when the order is next read). */
  removed?: true;
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
  dataSize = 0;
  private nextSeq = 0;
  private readonly byId = new Map<string, Entry>();
  private readonly unique = new Map<string, Map<string, Entry>>();
  private readonly ordered = new Map<string, QueryIndex>([[ID_INDEX.name, new QueryIndex(ID_INDEX)]]);
  /** Index names whose next creation is built by a background build (handlers/indexes.ts) instead of at once. */
  private readonly deferred = new Set<string>();

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

  get count(): number {
    return this.slots.length - this.removedSlots;
  }

  get(id: Value | undefined): Entry | undefined {
    return this.byId.get(valueKey(id));
  }

  hasId(id: Value): boolean {
    return this.byId.has(valueKey(id));
  }

  /** Inserts the document, or replaces the one with the same `_id`. Constraints are the caller's to check. `size`: its documentSize, when known. */
  put(doc: Doc, size = documentSize(doc)): void {
    const key = valueKey(doc._id);
    const existing = this.byId.get(key);
    if (existing) {
      this.unindex(existing);
      this.dataSize += size - existing.size;
      existing.doc = doc;
      existing.size = size;
      this.index(existing);
      return;
    }
    const entry: Entry = { doc, size, seq: this.nextSeq++ };
    this.slots.push(entry);
    this.byId.set(key, entry);
    this.dataSize += size;
    this.index(entry);
  }

  delete(id: Value): boolean {
    const key = valueKey(id);
    const entry = this.byId.get(key);
    if (!entry) return false;
    this.unindex(entry);
    this.byId.delete(key);
    this.dataSize -= entry.size;
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
    if (this.deferred.delete(spec.name)) {
      index.build = { done: 0, total: this.entries.length, indexedByWrites: new Set() };
      return;
    }
    for (const entry of this.entries) index.add(entry);
  }

  /** A background build's step: indexes `entry` unless it is gone or a write indexed it already. */
  buildStep(index: QueryIndex, entry: Entry): void {
    const build = index.build;
    if (!build) return;
    build.done++;
    if (this.byId.get(valueKey(entry.doc._id)) !== entry || build.indexedByWrites.has(entry)) return;
    index.add(entry);
  }

  /**
   * The unique index (`_id_` included) that `doc` would violate, ignoring the entry it replaces and
   * counting keys already claimed by earlier documents of the same request.
   */
  conflict(doc: Doc, replacing: Entry | undefined, claimed?: Map<string, Set<string>>): IndexSpec | undefined {
    const idKey = valueKey(doc._id);
    const holder = this.byId.get(idKey);
    if ((holder && holder !== replacing) || claimed?.get(ID_INDEX.name)?.has(idKey)) return ID_INDEX;
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
