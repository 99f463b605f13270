import type { Doc, Value } from '../../bson/extendedJson';
import type { Entry } from '../../query/collectionData';
import { CollectionData, ID_INDEX } from '../../query/collectionData';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import { QueryIndex } from '../../query/indexes/queryIndex';

/** How many documents a collection kept only in PostgreSQL holds, and their stored size, as one read found them. */
export interface CollectionFigures {
  count: number;
  dataSize: number;
}

/**
 * The count the planner assumes of a stored collection whose figures no read has found: large, so that it plans the
 * walk of an index wherever one bounds the filter or serves the sort, as it would on a collection of any real size.
 */
const ASSUMED_COUNT = 1_000_000;

/** A request read the documents of a collection its store had not loaded for it: a fault of the request's scope (requestScope.ts). */
export class CollectionNotLoaded extends Error {
  constructor() {
    super('The documents of a collection were read before the store loaded them for the request');
  }
}

/**
 * A collection whose documents are kept only in PostgreSQL (no request is using it): its indexes and rules, and,
 * once read, its figures. Writes of other processes caught up with only make the figures unknown; the store
 * replaces it with the loaded collection (collectionCache.ts) before a request that needs its documents runs.
 * Its indexes hold no keys: the planner plans on their shapes alone, for a query that PostgreSQL answers.
 */
export class StoredCollection extends CollectionData {
  /** The indexes the planner sees, each counting the queries it served while the collection was stored. */
  private readonly planned = new Map<string, QueryIndex>([[ID_INDEX.name, super.queryIndex(ID_INDEX.name)!]]);

  constructor(protected figures?: CollectionFigures) {
    super();
  }

  override get loaded(): boolean {
    return false;
  }

  get knowsFigures(): boolean {
    return this.figures !== undefined;
  }

  setFigures(figures: CollectionFigures): void {
    this.figures = figures;
  }

  /** Carries over how the indexes of the same name were used (this process, the collection loaded before). */
  adoptUsage(indexes: readonly QueryIndex[]): void {
    for (const index of indexes) Object.assign(this.planned.get(index.name)?.accesses ?? {}, index.accesses);
  }

  override queryIndex(name: string): QueryIndex | undefined {
    return this.planned.get(name);
  }

  override get queryIndexes(): QueryIndex[] {
    return [...this.planned.values()];
  }

  override get count(): number {
    return this.figures?.count ?? ASSUMED_COUNT;
  }

  override get dataSize(): number {
    if (!this.figures) throw new CollectionNotLoaded();
    return this.figures.dataSize;
  }

  override get entries(): Entry[] {
    throw new CollectionNotLoaded();
  }

  override get(id: Value | undefined): Entry | undefined {
    void id;
    throw new CollectionNotLoaded();
  }

  override hasId(id: Value): boolean {
    void id;
    throw new CollectionNotLoaded();
  }

  override conflict(doc: Doc): IndexSpec | undefined {
    void doc;
    throw new CollectionNotLoaded();
  }

  override put(doc: Doc): void {
    void doc;
    this.figures = undefined;
  }

  override delete(id: Value): boolean {
    void id;
    this.figures = undefined;
    return false;
  }

  override addIndex(spec: IndexSpec): void {
    const position = this.indexes.findIndex((index) => index.name === spec.name);
    if (position >= 0) this.indexes[position] = spec;
    else this.indexes.push(spec);
    if (spec.name !== ID_INDEX.name) this.planned.set(spec.name, new QueryIndex(spec));
  }

  override dropIndex(name: string): boolean {
    this.planned.delete(name === ID_INDEX.name ? '' : name);
    return super.dropIndex(name);
  }

  override *measureSteps(): Generator<void, void> {}
}
