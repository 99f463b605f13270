import type { Doc, Value } from '../../bson/extendedJson';
import type { IndexSpec } from '../../store/mutations';
import { comparable } from '../engine';
import type { DocumentKeys } from './indexKeys';
import { keysOf } from './indexKeys';
import type { Key } from './keyOrder';
import type { Keyed } from './orderedIndex';
import { OrderedIndex } from './orderedIndex';

export interface IndexedEntry extends Keyed {
  doc: Doc;
}

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
    if (found.multikey) this.multikeyDocs++;
    if (found.unsortable) this.unsortableDocs++;
    if (found.keys === undefined) {
      this.unkeyed.add(entry);
      return;
    }
    for (const key of found.keys) this.tree.insert(key, entry);
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
