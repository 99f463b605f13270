import type { Doc, Value } from '../../bson/extendedJson';
import { isPlainObject, valueKey } from '../../bson/extendedJson';
import type { Entry } from '../../query/collectionData';
import { CollectionData, documentSize, ID_INDEX, indexKeysOf } from '../../query/collectionData';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import type { QueryIndex } from '../../query/indexes/queryIndex';
import { documentColumns, documentKey } from './documentKeys';
import { StoredCollection } from './storedCollection';

/** The deepest unique field a write of one document leaves to PostgreSQL (partialStatements.ts probes each level). */
export const GUARDED_DEPTH = 4;

/**
 * A write by `_id` met what the documents it read cannot decide (a unique key PostgreSQL does not check, a
 * document it did not read): the store runs the request again with the whole collection loaded.
 */
export class CollectionNeeded extends Error {
  constructor() {
    super('The write needs the whole collection loaded');
  }
}

/** A unique key value whose equality PostgreSQL's unique index decides as the service does (indexSql.ts uniqueKey). */
export const checkedScalar = (value: Value | undefined): boolean =>
  (typeof value === 'string' && !/[\0\ud800-\udfff]/.test(value)) ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER);

/** The value at `path`, reached through objects only (PostgreSQL's `#>` reads no array the way a query path does). */
export function scalarAt(doc: Doc, path: string): Value | undefined {
  let current: Value | undefined = doc;
  for (const segment of path.split('.')) {
    if (!isPlainObject(current) || !Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Doc)[segment];
  }
  return current;
}

/**
 * The documents of one collection that a write by `_id` reads (those of the `_id`s its scope names, each read or
 * found absent) in place of the {@link StoredCollection} `base`, for the write's transaction only: the store puts
 * `base` back after it, with the figures this write changed. What it cannot decide it leaves to PostgreSQL: an `_id`
 * it did not read (a new one the service made) to the primary key, a unique key PostgreSQL checks exactly to that
 * index (`enforced`: the interface's unique indexes whose PostgreSQL index is valid); anything else is
 * {@link CollectionNeeded}. Each document read keeps its `version`, which the write's SQL names.
 */
export class PartialCollection extends StoredCollection {
  protected readonly rows = new CollectionData();
  protected readonly read = new Set<string>();
  private readonly versions = new Map<string, number>();
  /** Whether this request left a unique key to PostgreSQL's indexes (decided when its statements run). */
  private leftKeys = false;

  constructor(
    readonly base: StoredCollection,
    found: { doc: Doc; size: number; version: number }[],
    ids: Value[],
    private readonly enforced: Set<string>,
  ) {
    super(base.knowsFigures ? { count: base.count, dataSize: base.dataSize } : undefined);
    for (const index of base.indexes) this.addIndex(index);
    this.rules = base.rules;
    for (const id of ids) this.read.add(documentKey(id));
    for (const { doc, size, version } of found) {
      this.rows.put(doc, size);
      this.read.add(documentKey(doc._id));
      this.versions.set(documentKey(doc._id), version);
    }
  }

  /**
   * The stored collection's indexes (shapes, usage): a read planned meanwhile sees the collection as it is stored.
   * They hold no keys: a write reading by filter scans the documents it read (slicedScan.ts matchingSliced).
   */
  override queryIndex(name: string): QueryIndex | undefined {
    return this.base.queryIndex(name);
  }

  override get queryIndexes(): QueryIndex[] {
    return this.base.queryIndexes;
  }

  /** The figures after this write, for `base`; undefined when `base` did not know them. */
  get changedFigures(): { count: number; dataSize: number } | undefined {
    return this.figures && { ...this.figures };
  }

  /** The version of a stored document this write read (undefined: none stored, as far as it read). */
  versionOf(id: Value): number | undefined {
    return this.versions.get(documentKey(id));
  }

  override get(id: Value | undefined): Entry | undefined {
    if (id === undefined || !this.read.has(documentKey(id))) throw new CollectionNeeded();
    return this.rows.get(id);
  }

  override hasId(id: Value): boolean {
    return this.get(id) !== undefined;
  }

  override get entries(): Entry[] {
    throw new CollectionNeeded();
  }

  override conflict(doc: Doc, replacing?: Entry, claimed?: Map<string, Set<string>>): IndexSpec | undefined {
    if (claimed?.get(ID_INDEX.name)?.has(valueKey(doc._id))) return ID_INDEX;
    if (this.read.has(documentKey(doc._id))) {
      const holder = this.rows.get(doc._id);
      if (holder && holder !== replacing) return ID_INDEX;
    }
    for (const index of this.indexes) {
      if (!index.unique || index.name === ID_INDEX.name) continue;
      const keys = indexKeysOf(index, doc);
      if (claimed?.get(index.name) && keys.some((key) => claimed.get(index.name)!.has(key))) return index;
      this.decideElsewhere(index, doc, replacing);
    }
    return undefined;
  }

  /** Whether the documents were read by a filter (filteredCollection.ts), not by `_id`. */
  get byFilter(): boolean {
    return false;
  }

  /** Whether a unique key of this request was left to PostgreSQL: a failure of the request after it may hide a duplicate. */
  get leftToPostgres(): boolean {
    return this.leftKeys;
  }

  /** A unique key of `doc` the documents read cannot decide: unchanged (no clash), left to PostgreSQL, or {@link CollectionNeeded}. */
  protected decideElsewhere(index: IndexSpec, doc: Doc, replacing: Entry | undefined): void {
    // A key the document held already cannot clash: the collection was unique before.
    const held = replacing ? new Set(indexKeysOf(index, replacing.doc)) : undefined;
    if (held && indexKeysOf(index, doc).every((key) => held.has(key))) return;
    this.leaveToPostgres(index, doc);
  }

  /** Leaves the unique key of `doc` to PostgreSQL's unique index where that decides it exactly; else {@link CollectionNeeded}. */
  protected leaveToPostgres(index: IndexSpec, doc: Doc): void {
    // One field only: its key in another document's array is looked for after the write (partialStatements.ts).
    const fields = Object.keys(index.key);
    const [field] = fields;
    if (!this.enforced.has(index.name) || fields.length !== 1 || field.split('.').length > GUARDED_DEPTH) throw new CollectionNeeded();
    if (!checkedScalar(scalarAt(doc, field)) || documentColumns(doc).json === null) throw new CollectionNeeded();
    this.noteLeftToPostgres();
  }

  protected noteLeftToPostgres(): void {
    this.leftKeys = true;
  }

  override put(doc: Doc, size = documentSize(doc)): void {
    const key = documentKey(doc._id);
    const before = this.read.has(key) ? this.rows.get(doc._id) : undefined;
    if (this.figures) {
      if (before) this.figures.dataSize += size - before.size;
      else this.figures = { count: this.figures.count + 1, dataSize: this.figures.dataSize + size };
    }
    this.rows.put(doc, size);
    this.read.add(key);
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }

  override delete(id: Value): boolean {
    const before = this.get(id);
    if (!before) return false;
    if (this.figures) this.figures = { count: this.figures.count - 1, dataSize: this.figures.dataSize - before.size };
    this.versions.delete(documentKey(id));
    return this.rows.delete(id);
  }
}
