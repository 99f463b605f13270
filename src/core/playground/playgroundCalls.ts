import { DEFAULT_PAGE_SIZE } from '../api/limits';
import type { CallOptions, DbHostApi, DocumentPage, DocumentQuery } from '../api/types';
import type { AggregateRequest, FindRequest, PagedRequest } from './playgroundRequest';

export function pageSize(request: PagedRequest): number {
  return (request.kind === 'aggregate' ? request.limit : request.query.limit) ?? DEFAULT_PAGE_SIZE;
}

/** The skip a request starts at: a find's own `skip`; a pipeline says its own in a stage. */
export function firstSkip(request: PagedRequest): number {
  return request.kind === 'find' ? (request.query.skip ?? 0) : 0;
}

/** The query string parameters of one page: the file's own, with `skip` moved by paging. */
export function pageQuery(request: FindRequest, skip: number): DocumentQuery {
  const { skip: _fileSkip, ...rest } = request.query;
  return skip > 0 ? { ...rest, skip } : rest;
}

export function fetchPage(api: DbHostApi, request: PagedRequest, skip: number, options?: CallOptions): Promise<DocumentPage> {
  if (request.kind === 'aggregate') return aggregatePage(api, request, skip, options);
  return api.listDocuments(request.database, request.collection, pageQuery(request, skip), options);
}

/**
 * A page of a pipeline's results: past the first, a `$skip` stage is added at the end, and the count the service
 * gives (of what reaches its answer) is counted from the start again.
 */
export async function aggregatePage(api: DbHostApi, request: AggregateRequest, skip: number, options?: CallOptions): Promise<DocumentPage> {
  const pipeline = skip > 0 ? [...request.pipeline, { $skip: skip }] : request.pipeline;
  const page = await api.aggregate(request.database, request.collection, pipeline, { ...options, limit: pageSize(request) });
  return { documents: page.documents, total: page.total === undefined ? undefined : page.total + skip };
}

export interface PagePosition {
  skip: number;
  /** Documents on the page. */
  shown: number;
  /** All matching documents, when the service said. */
  total: number | undefined;
  limit: number;
}

/** The skip of the next page, or undefined on the last one. Without a total, a full page may have more after it. */
export function nextPageSkip(page: PagePosition): number | undefined {
  const more = page.total === undefined ? page.shown === page.limit : page.skip + page.shown < page.total;
  return more ? page.skip + page.limit : undefined;
}

export function previousPageSkip(page: PagePosition): number | undefined {
  return page.skip > 0 ? Math.max(0, page.skip - page.limit) : undefined;
}
