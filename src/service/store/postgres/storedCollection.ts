import type { Doc, Value } from '../../bson/extendedJson';
import type { Entry } from '../../query/collectionData';
import { CollectionData, ID_INDEX } from '../../query/collectionData';
import type { IndexSpec } from '../../query/indexes/indexSpec';

/** How many documents a collection kept only in PostgreSQL holds, and their stored size, as one read found them. */
export interface CollectionFigures {
  count: number;
  dataSize: number;
}

export interface IndexUsage {
  ops: number;
  since: Date;
}

/** A request read the documents of a collection its store had not loaded for it: a fault of the request's scope (requestScope.ts). */
export class CollectionNotLoaded extends Error {
  constructor() {
    super('The documents of a collection were read before the store loaded them for the request');
  }
}

/**
 * A collection whose documents are kept only in PostgreSQL (no request is using it): its indexes and rules, and,
 * once read, its figures. Writes of other processes caught up with only make the figures unknown; the store
 * replaces it with the loaded collection (collectionCache.ts) before a request that names it runs.
 */
export class StoredCollection extends CollectionData {
  /**
   * How often each index served a query in this process, and since when: given back to the collection when loaded.
   * Reads by `_id` served while stored count in the `_id_` index itself.
   */
  private readonly usage = new Map<string, IndexUsage>();

  constructor(
    private figures?: CollectionFigures,
    usage: [string, IndexUsage][] = [],
  ) {
    super();
    for (const [name, used] of usage)
      if (name === ID_INDEX.name) Object.assign(this.queryIndex(name)!.accesses, used);
      else this.usage.set(name, { ...used });
  }

  /** How the index `name` was used in this process while the collection was loaded before, or by reads by `_id` since. */
  usageOf(name: string): IndexUsage | undefined {
    return name === ID_INDEX.name ? this.queryIndex(name)!.accesses : this.usage.get(name);
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

  override get count(): number {
    return this.requireFigures().count;
  }

  override get dataSize(): number {
    return this.requireFigures().dataSize;
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
  }

  override *measureSteps(): Generator<void, void> {}

  private requireFigures(): CollectionFigures {
    if (!this.figures) throw new CollectionNotLoaded();
    return this.figures;
  }
}
