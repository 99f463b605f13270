import type { Doc, Value } from '../bson/extendedJson';
import { stringifyExtended, valueAtPath, valueKey } from '../bson/extendedJson';
import type { IndexSpec } from './mutations';
import { stringifyStored } from './plainJson';

export interface Entry {
  doc: Doc;
  size: number;
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
 * The documents of one collection in natural (insertion) order, with a map from `_id` and one map per
 * unique index so that lookups and uniqueness checks never scan.
 */
export class CollectionData {
  readonly entries: Entry[] = [];
  readonly indexes: IndexSpec[] = [ID_INDEX];
  dataSize = 0;
  /** Goes up with every insert and delete (not with a replacement): what keeps the `_id` order of query/idOrder.ts current. */
  insertsAndDeletes = 0;
  private readonly byId = new Map<string, Entry>();
  private readonly unique = new Map<string, Map<string, Entry>>();

  get count(): number {
    return this.entries.length;
  }

  get(id: Value | undefined): Entry | undefined {
    return this.byId.get(valueKey(id));
  }

  hasId(id: Value): boolean {
    return this.byId.has(valueKey(id));
  }

  /** Inserts the document, or replaces the one with the same `_id`. Constraints are the caller's to check. */
  put(doc: Doc): void {
    const key = valueKey(doc._id);
    const size = documentSize(doc);
    const existing = this.byId.get(key);
    if (existing) {
      this.unindex(existing);
      this.dataSize += size - existing.size;
      existing.doc = doc;
      existing.size = size;
      this.index(existing);
      return;
    }
    const entry: Entry = { doc, size };
    this.insertsAndDeletes++;
    this.entries.push(entry);
    this.byId.set(key, entry);
    this.dataSize += size;
    this.index(entry);
  }

  delete(id: Value): boolean {
    const key = valueKey(id);
    const entry = this.byId.get(key);
    if (!entry) return false;
    this.unindex(entry);
    this.insertsAndDeletes++;
    this.byId.delete(key);
    this.dataSize -= entry.size;
    const position = this.entries.lastIndexOf(entry);
    if (position >= 0) this.entries.splice(position, 1);
    return true;
  }

  addIndex(spec: IndexSpec): void {
    const position = this.indexes.findIndex((index) => index.name === spec.name);
    if (position >= 0) this.indexes[position] = spec;
    else this.indexes.push(spec);
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
    return true;
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
    for (const index of this.indexes) {
      const map = this.unique.get(index.name);
      if (map) for (const key of indexKeysOf(index, entry.doc)) if (!map.has(key)) map.set(key, entry);
    }
  }

  private unindex(entry: Entry): void {
    for (const index of this.indexes) {
      const map = this.unique.get(index.name);
      if (map) for (const key of indexKeysOf(index, entry.doc)) if (map.get(key) === entry) map.delete(key);
    }
  }
}
