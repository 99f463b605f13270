import type { DocumentQuery, FieldsSpec, SortSpec } from '../api/types';
import type { JsonObject, JsonValue } from '../json/lossless';

/**
 * How to page through a query's results. By key: each page asks for `_id` past the last one seen,
 * sorted by `_id`, so every page costs the service what the first does and a document inserted or
 * deleted meanwhile shifts nothing. By skip: only where the query's own sort is not by `_id` alone,
 * or where its projection leaves `_id` out.
 */
export type PagingPlan = { kind: 'keyset'; direction: 1 | -1 } | { kind: 'skip' };

export function pagingPlan(sort: SortSpec | undefined, fields?: FieldsSpec): PagingPlan {
  if (fields !== undefined && !Array.isArray(fields) && (fields._id === 0 || fields._id === false)) return { kind: 'skip' };
  const keys = sort === undefined ? [] : Object.keys(sort);
  if (keys.length === 0) return { kind: 'keyset', direction: 1 };
  if (keys.length === 1 && keys[0] === '_id') return { kind: 'keyset', direction: sort!._id === -1 ? -1 : 1 };
  return { kind: 'skip' };
}

/** The filter of the page after `lastId`: the query's own filter and `_id` past `lastId` in the sort's direction. */
export function keysetFilter(q: JsonObject | undefined, lastId: JsonValue, direction: 1 | -1): JsonObject {
  const past: JsonObject = { _id: { [direction === 1 ? '$gt' : '$lt']: lastId } };
  if (q === undefined || Object.keys(q).length === 0) return past;
  if (!Object.hasOwn(q, '_id') && !Object.hasOwn(q, '$and')) return { ...q, ...past };
  return { $and: [q, past] };
}

/**
 * Pages through a query's results by key where its sort allows, else by skip. Where keys of several
 * types are mixed (the service compares `_id`s of one type only), a key-paged run that ends short of
 * the count the first page gave continues by skip, in the same order, from how many it has.
 */
export class QueryPaging {
  readonly plan: PagingPlan;
  private lastId: JsonValue | undefined;
  private received = 0;
  private fellBackToSkip = false;
  private firstTotal: number | undefined;
  private left: number | undefined;
  private finished = false;

  /** With `naturalOrder` and no sort, the pages come in the service's own order (by skip), as a list without a sort shows them. */
  constructor(
    private readonly query: Pick<DocumentQuery, 'q' | 'sort' | 'fields'>,
    private readonly pageSize: number,
    naturalOrder = false,
  ) {
    this.plan = naturalOrder && Object.keys(query.sort ?? {}).length === 0 ? { kind: 'skip' } : pagingPlan(query.sort, query.fields);
  }

  /** All matching documents, from the count header of the first page; undefined before it or when the service sent none. */
  get total(): number | undefined {
    return this.firstTotal;
  }

  get done(): boolean {
    return this.finished;
  }

  /** Documents received so far. */
  get loaded(): number {
    return this.received;
  }

  /** How many are left to fetch, from the latest count header: 0 when done, undefined when the service sent no count. */
  get remaining(): number | undefined {
    if (this.finished) return 0;
    return this.left === undefined ? undefined : Math.max(0, this.left);
  }

  /** The request for the next page, or undefined when every page has been received. */
  next(): DocumentQuery | undefined {
    if (this.finished) return undefined;
    const base: DocumentQuery = { limit: this.pageSize };
    if (this.query.fields !== undefined) base.fields = this.query.fields;
    if (this.plan.kind === 'skip' || this.fellBackToSkip) {
      const sort = this.plan.kind === 'keyset' ? { _id: this.plan.direction } : this.query.sort;
      return {
        ...base,
        ...(this.query.q ? { q: this.query.q } : {}),
        ...(sort ? { sort } : {}),
        ...(this.received > 0 ? { skip: this.received } : {}),
      };
    }
    const q = this.lastId === undefined ? this.query.q : keysetFilter(this.query.q, this.lastId, this.plan.direction);
    return { ...base, ...(q && Object.keys(q).length > 0 ? { q } : {}), sort: { _id: this.plan.direction } };
  }

  /** Records the page that answered {@link next}. */
  pageReceived(documents: readonly JsonObject[], total: number | undefined): void {
    if (this.received === 0 && this.lastId === undefined && !this.fellBackToSkip) this.firstTotal = total;
    this.received += documents.length;
    if (documents.length > 0) this.lastId = documents[documents.length - 1]._id;
    // A key-paged page's count is what lies past the previous key; a skip-paged page's is everything matching.
    const keyPaged = this.plan.kind === 'keyset' && !this.fellBackToSkip;
    const left = total === undefined ? undefined : keyPaged ? total - documents.length : total - this.received;
    this.left = left;
    if (documents.length >= this.pageSize && (left === undefined || left > 0)) return;
    if (keyPaged && this.firstTotal !== undefined && this.received < this.firstTotal) {
      this.fellBackToSkip = true;
      this.left = this.firstTotal - this.received;
    } else this.finished = true;
  }
}
