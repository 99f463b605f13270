import type { DocumentQuery } from '../api/types';
import { MAX_PAGE_SIZE } from '../paging/pager';
import { QueryPaging } from '../paging/keyset';
import type { ExportOptions, ExportProgress } from './exportOptions';
import type { PageFetchContext } from './pageFetch';
import { fetchExportPage, pageFetchContext } from './pageFetch';
import { clampWindows, exportWindows, planWindows, WINDOW_PAGES } from './windowedExport';

export { ExportCancelledError } from './pageFetch';

/**
 * Streams every document a query matches into `write`, a page of 100 at a time, paged by `_id` where
 * the sort allows (see {@link QueryPaging}). A page that fails for a reason a retry may cure is asked
 * for again from the same key, so nothing is skipped or written twice. With `parallelWindows` above 1
 * and a key-paged query, windows of the `_id` order are fetched at once and written in order: the same
 * file, sooner where each request waits on the network.
 */
export async function exportDocuments(options: ExportOptions): Promise<ExportProgress> {
  const progress: ExportProgress = { exported: 0, total: undefined, requests: 0 };
  const context: PageFetchContext = pageFetchContext(options, progress);
  const query = options.query ?? {};
  const paging = new QueryPaging(query, MAX_PAGE_SIZE, options.naturalOrder);
  const windows = clampWindows(options.parallelWindows ?? 1);
  if (windows > 1 && paging.plan.kind === 'keyset') {
    const windowPages = Math.max(1, Math.floor(options.windowPages ?? WINDOW_PAGES));
    const plan = await planWindows(context, query, paging.plan.direction, windowPages, (total) => {
      progress.total = total;
      options.onProgress?.({ ...progress });
    });
    if (plan) {
      progress.total = plan.total;
      return exportWindows(options, context, plan, progress, windows, windowPages);
    }
  }
  await options.write(options.writer.start());
  // Ends a page still being fetched ahead when the export ends without it (a failed write): no retry after the end.
  const ended = new AbortController();
  const ahead: PageFetchContext = { ...context, signal: options.signal ? AbortSignal.any([options.signal, ended.signal]) : ended.signal };
  const fetchAhead = (request: DocumentQuery | undefined) => {
    if (!request) return undefined;
    const page = fetchExportPage(ahead, request);
    // Awaited in the next turn of the loop; if the export ends first (a failed write), its failure is moot.
    page.catch(() => undefined);
    return page;
  };
  let pending = fetchAhead(paging.next());
  try {
    while (pending) {
      const page = await pending;
      paging.pageReceived(page.documents, page.total);
      progress.total = paging.total;
      pending = fetchAhead(paging.next());
      let text = '';
      for (const document of page.documents) text += options.writer.item(document);
      await options.write(text);
      progress.exported += page.documents.length;
      options.onProgress?.({ ...progress });
    }
  } finally {
    ended.abort();
  }
  await options.write(options.writer.end());
  return progress;
}
