import type { CallOptions, DbHostApi } from '../api/types';
import { MAX_PAGE_SIZE } from '../paging/pager';
import type { CollectionSchema } from './inferSchema';
import { SchemaBuilder } from './inferSchema';
import { clampSampleSize } from './sampleSize';

export interface SampledSchema {
  schema: CollectionSchema;
  /** All documents of the collection, from the count header; undefined when the service sent none. */
  total: number | undefined;
}

/**
 * Samples up to `size` documents of a collection, a page of the service's maximum (100) at a time, so
 * 1,000 documents take 10 requests; stops early at the end of the collection, without asking for a page
 * the count header says is empty.
 */
export async function sampleSchema(api: DbHostApi, db: string, col: string, size: number, options?: CallOptions): Promise<SampledSchema> {
  const builder = new SchemaBuilder();
  const wanted = clampSampleSize(size);
  let skip = 0;
  let total: number | undefined;
  while (skip < wanted && (total === undefined || skip < total)) {
    const limit = Math.min(MAX_PAGE_SIZE, wanted - skip);
    const page = await api.listDocuments(db, col, skip > 0 ? { skip, limit } : { limit }, options);
    total = page.total;
    builder.addAll(page.documents);
    skip += page.documents.length;
    if (page.documents.length < limit) break;
  }
  return { schema: builder.result(), total };
}
