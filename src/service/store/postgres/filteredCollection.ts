import type { PoolClient } from 'pg';
import type { Doc, Value } from '../../bson/extendedJson';
import type { Entry } from '../../query/collectionData';
import { ID_INDEX } from '../../query/collectionData';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import { documentKey } from './documentKeys';
import { storedDocument } from './documentQueries';
import { filterSql } from './filterSql';
import { CollectionNeeded, PartialCollection } from './partialCollection';
import type { StoredCollection } from './storedCollection';

/** What a write by filter reads of one collection (see {@link RequestScope.documents}). */
export interface FilteredRead {
  db: string;
  col: string;
  /** The `_id` a filter on one `_id` names: read (or found absent) as a write by `_id` reads it. */
  ids: Value[];
  criteria: Doc;
  /** Nothing is written (the update preview): every unique key is decided here, none left to PostgreSQL. */
  preview?: boolean;
}

/**
 * The candidates of a filter: every document its SQL (filterSql.ts) may match, every document SQL cannot read, the
 * `_id`s named; in natural order. `$1`…`$4`: the account, database, collection, the `_id`s' keys.
 */
function candidatesSql(criteria: Doc): string {
  const filter = filterSql(criteria);
  const collection = 'account = $1 AND db = $2 AND col = $3';
  if (filter.sql === 'TRUE')
    return `SELECT body, version FROM dbhost_documents WHERE ${collection} AND $4::text[] IS NOT NULL ORDER BY pos`;
  const any = ['id = ANY($4::text[])', 'doc IS NULL', filter.sql, ...filter.unsure].join(' OR ');
  return `SELECT body, version FROM dbhost_documents WHERE ${collection} AND (${any}) ORDER BY pos`;
}

/**
 * The documents of one collection that an update by filter (a bulk update, its preview) reads in place of the
 * {@link StoredCollection}: the candidates of its filter, which the service then tests with its own matcher as it
 * tests a loaded collection's documents. A unique key held by a document read is decided here as the journal store
 * decides it; one only another document may hold is left to PostgreSQL's unique index as a write by `_id` leaves it
 * (a preview, which writes nothing, needs the collection loaded for it instead).
 */
export class FilteredCollection extends PartialCollection {
  private readonly preview: boolean;

  constructor(base: StoredCollection, found: { doc: Doc; size: number; version: number }[], read: FilteredRead, enforced: Set<string>) {
    super(base, found, read.ids, enforced);
    this.preview = read.preview === true;
    // The keys the documents read hold in each unique index, as the loaded collection keeps them.
    for (const index of base.indexes) if (index.unique && index.name !== ID_INDEX.name) this.rows.addIndex(index);
  }

  override get byFilter(): boolean {
    return true;
  }

  /** The candidates, in natural order: the filter's matches are among them (scanned: see matchingSliced). */
  override get entries(): Entry[] {
    return this.rows.entries;
  }

  override conflict(doc: Doc, replacing?: Entry, claimed?: Map<string, Set<string>>): IndexSpec | undefined {
    // Among the documents read (and the keys the request claimed), exactly the journal store's answer …
    const found = this.rows.conflict(doc, replacing, claimed);
    if (found?.name === ID_INDEX.name) return found;
    // … unless an index before it holds a key only a document not read may hold.
    if (!this.read.has(documentKey(doc._id))) this.leaveIdToPostgres();
    for (const index of this.indexes) {
      if (index.name === found?.name) return index;
      if (index.unique && index.name !== ID_INDEX.name) this.decideElsewhere(index, doc, replacing);
    }
    return undefined;
  }

  protected override leaveToPostgres(index: IndexSpec, doc: Doc): void {
    if (this.preview) throw new CollectionNeeded();
    super.leaveToPostgres(index, doc);
  }

  /** A new `_id` (an upsert's): PostgreSQL's primary key decides it. */
  private leaveIdToPostgres(): void {
    if (this.preview) throw new CollectionNeeded();
    this.noteLeftToPostgres();
  }
}

/** Reads, in the write's transaction, the candidates of `read`'s filter with their versions, as a {@link FilteredCollection}. */
export async function readFiltered(
  client: PoolClient,
  account: string,
  base: StoredCollection,
  read: FilteredRead,
  enforced: Set<string>,
): Promise<FilteredCollection> {
  const { db, col } = read;
  const keys = [...new Set(read.ids.map((id) => documentKey(id)))];
  const { rows } = await client.query<{ body: string; version: string }>(candidatesSql(read.criteria), [account, db, col, keys]);
  const found = rows.map((row) => ({
    doc: storedDocument(row.body, { db, col }),
    size: Buffer.byteLength(row.body),
    version: Number(row.version),
  }));
  return new FilteredCollection(base, found, read, enforced);
}
