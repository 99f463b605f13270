import type { DbHostApi, DocumentPage, DocumentQuery } from '../api/types';
import { isCancelled, isTransient, pause } from './transientFailure';

export class ExportCancelledError extends Error {
  constructor() {
    super('The export was cancelled.');
    this.name = 'ExportCancelledError';
  }
}

export interface PageFetchContext {
  api: DbHostApi;
  db: string;
  col: string;
  signal?: AbortSignal;
  /** Extra tries after a failure that trying again may cure (on top of the client's own). */
  retries: number;
  retryDelayMs: number;
  /** Called once per request sent, tries included. */
  onRequest(): void;
}

/** The context of an export's page requests: its options' target and retries (3 tries more, 500 ms apart by default), counted in `progress`. */
export function pageFetchContext(
  options: Pick<PageFetchContext, 'api' | 'db' | 'col' | 'signal'> & { pageRetries?: number; retryDelayMs?: number },
  progress: { requests: number },
): PageFetchContext {
  return {
    api: options.api,
    db: options.db,
    col: options.col,
    signal: options.signal,
    retries: options.pageRetries ?? 3,
    retryDelayMs: options.retryDelayMs ?? 500,
    onRequest: () => progress.requests++,
  };
}

/**
 * One page of an export, asked for again after a failure a retry may cure (waiting longer each time),
 * so nothing is skipped or written twice; a cancel ends it with {@link ExportCancelledError}.
 */
export function fetchExportPage(context: PageFetchContext, request: DocumentQuery): Promise<DocumentPage> {
  return withRetries(context, (signal) => context.api.listDocuments(context.db, context.col, request, { signal }));
}

/** One request of an export (a page of a find or of a pipeline), retried as {@link fetchExportPage} says. */
export async function withRetries<T>(context: PageFetchContext, request: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
  const { signal } = context;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw new ExportCancelledError();
    context.onRequest();
    try {
      return await request(signal);
    } catch (error) {
      if (isCancelled(error) || signal?.aborted) throw new ExportCancelledError();
      if (!isTransient(error) || attempt >= context.retries) throw error;
      await pause(context.retryDelayMs * 2 ** attempt, signal);
    }
  }
}
