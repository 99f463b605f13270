import { DEFAULT_PAGE_SIZE } from '../api/limits';
import type { CallOptions, DbHostApi, DocumentPage, DocumentQuery, ServiceAnswer } from '../api/types';
import type { FindRequest, UpdateRequest } from './playgroundRequest';

export function pageSize(request: FindRequest): number {
  return request.query.limit ?? DEFAULT_PAGE_SIZE;
}

/** The query string parameters of one page: the file's own, with `skip` moved by paging. */
export function pageQuery(request: FindRequest, skip: number): DocumentQuery {
  const { skip: _fileSkip, ...rest } = request.query;
  return skip > 0 ? { ...rest, skip } : rest;
}

export function fetchPage(api: DbHostApi, request: FindRequest, skip: number, options?: CallOptions): Promise<DocumentPage> {
  return api.listDocuments(request.database, request.collection, pageQuery(request, skip), options);
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

export interface MatchCount {
  /** From X-Service-Count; undefined when the service sent no count. */
  total: number | undefined;
  /** Whether the one-document probe found anything. */
  anyMatch: boolean;
}

/** How many documents an update's criteria select: a one-document GET whose count header gives the total. */
export async function countMatching(api: DbHostApi, request: UpdateRequest, options?: CallOptions): Promise<MatchCount> {
  const page = await api.listDocuments(request.database, request.collection, { q: request.update.criteria, limit: 1 }, options);
  return { total: page.total, anyMatch: page.documents.length > 0 };
}

/** The bulk update, sent with `safe` so the answer comes after the write is saved. */
export function sendUpdate(api: DbHostApi, request: UpdateRequest, options?: CallOptions): Promise<ServiceAnswer> {
  return api.updateDocuments(request.database, request.collection, { ...request.update, safe: true }, options);
}
