import type { DbHostApi, DocumentQuery } from '../api/types';
import type { DocumentWriter } from './documentWriter';

// What an export is given and what it reports, in a module of their own: exportRun.ts and the windowed and
// by-id exports it hands over to all use them, and none imports another for them.

/** How far an export has come. */
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
  /**
   * Appends text to the file. While it runs, the next page is being fetched (one page, no further): the
   * network and the file overlap, and memory holds at most two pages.
   */
  write(text: string): Promise<void>;
  signal?: AbortSignal;
  onProgress?(progress: ExportProgress): void;
  /** Extra tries of a page after a failure that trying again may cure (on top of the client's own). Default 3. */
  pageRetries?: number;
  retryDelayMs?: number;
  /**
   * Windows of the `_id` order fetched at once (1 to 8; default 1, one page after another): for a slow
   * service. Only where the export pages by key; see exportWindows in windowedExport.ts.
   */
  parallelWindows?: number;
  /** Pages in a window, the most each window holds ahead of the file. Default WINDOW_PAGES (windowedExport.ts). */
  windowPages?: number;
  /**
   * A query without a sort is written in the service's own order, as a collection view without a sort shows it
   * (by skip, one page after another), instead of in `_id` order.
   */
  naturalOrder?: boolean;
}
