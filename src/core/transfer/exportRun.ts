import type { DbHostApi, DocumentPage, DocumentQuery } from '../api/types';
import { MAX_PAGE_SIZE } from '../paging/pager';
import { QueryPaging } from '../paging/keyset';
import type { DocumentWriter } from './documentWriter';
import { isCancelled, isTransient, pause } from './transientFailure';

export interface ExportProgress {
  exported: number;
  /** From the count header of the first page; undefined when the service sent none. */
  total: number | undefined;
  requests: number;
}

export interface ExportOptions {
  api: DbHostApi;
  db: string;
  col: string;
  query?: Pick<DocumentQuery, 'q' | 'sort' | 'fields'>;
  writer: DocumentWriter;
  /** Appends text to the file; the next page is fetched only once it resolves, so memory holds one page. */
  write(text: string): Promise<void>;
  signal?: AbortSignal;
  onProgress?(progress: ExportProgress): void;
  /** Extra tries of a page after a failure that trying again may cure (on top of the client's own). Default 3. */
  pageRetries?: number;
  retryDelayMs?: number;
}

export class ExportCancelledError extends Error {
  constructor() {
    super('The export was cancelled.');
    this.name = 'ExportCancelledError';
  }
}

/**
 * Streams every document a query matches into `write`, a page of 100 at a time, paged by `_id` where
 * the sort allows (see {@link QueryPaging}). A page that fails for a reason a retry may cure is asked
 * for again from the same key, so nothing is skipped or written twice.
 */
export async function exportDocuments(options: ExportOptions): Promise<ExportProgress> {
  const { writer } = options;
  const paging = new QueryPaging(options.query ?? {}, MAX_PAGE_SIZE);
  const progress: ExportProgress = { exported: 0, total: undefined, requests: 0 };
  await options.write(writer.start());
  for (let request = paging.next(); request; request = paging.next()) {
    const page = await listWithRetries(options, request, progress);
    paging.pageReceived(page.documents, page.total);
    progress.total = paging.total;
    let text = '';
    for (const document of page.documents) text += writer.item(document);
    await options.write(text);
    progress.exported += page.documents.length;
    options.onProgress?.({ ...progress });
  }
  await options.write(writer.end());
  return progress;
}

/** One page, asked for again (after a pause) when it fails for a reason a retry may cure; counts each request. */
export async function listWithRetries(options: Omit<ExportOptions, 'writer' | 'write' | 'query'>, request: DocumentQuery, progress: ExportProgress): Promise<DocumentPage> {
  const { api, db, col, signal } = options;
  const retries = options.pageRetries ?? 3;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw new ExportCancelledError();
    progress.requests++;
    try {
      return await api.listDocuments(db, col, request, { signal });
    } catch (error) {
      if (isCancelled(error) || signal?.aborted) throw new ExportCancelledError();
      if (!isTransient(error) || attempt >= retries) throw error;
      await pause((options.retryDelayMs ?? 500) * 2 ** attempt, signal);
    }
  }
}
