import type { DocumentQuery } from '../api/types';
import type { JsonObject, JsonValue } from '../json/lossless';
import type { IdKind, IdWindow } from '../paging/idWindows';
import { idKind, strictlyOrdered, windowFilter } from '../paging/idWindows';
import { MAX_PAGE_SIZE } from '../paging/pager';
import type { ExportOptions, ExportProgress } from './exportOptions';
import type { PageFetchContext } from './pageFetch';
import { ExportCancelledError, fetchExportPage } from './pageFetch';

/*
 * Parallel windows of an export, for a service slow to answer. A key-paged export waits a round trip per
 * page; cut into windows of the `_id` order ([start of window k, start of window k+1)), several windows
 * are fetched at once, each by key within its bounds, and written in order.
 *
 * What it guarantees is what key paging one page after another does: the windows do not overlap and
 * together cover every `_id` of the one kind all `_id`s are of, and key paging within a window neither
 * repeats nor skips a document, so every document present from start to end of the export is written
 * exactly once, in `_id` order; one inserted or deleted meanwhile is written at most once.
 *
 * Exports that page by skip (a sort on other fields) stay one page after another: every skip page costs
 * the service a scan and sort of everything the query matches, so fetching several at once would multiply
 * the load on the service for little gain, and skip pages shift when documents come and go.
 */

/** The most windows an export runs at once (the `dbhost.export.parallelWindows` setting's maximum). */
export const MAX_PARALLEL_WINDOWS = 8;
/** Pages in a window, and so the most pages a window holds ahead of the file. */
export const WINDOW_PAGES = 4;

/** A whole number of windows from 1 to {@link MAX_PARALLEL_WINDOWS}; 1 (no windows) when the setting is not a number. */
export function clampWindows(windows: unknown): number {
  if (typeof windows !== 'number' || !Number.isFinite(windows)) return 1;
  return Math.min(MAX_PARALLEL_WINDOWS, Math.max(1, Math.floor(windows)));
}

interface WindowPlan {
  query: Pick<DocumentQuery, 'q' | 'sort' | 'fields'>;
  direction: 1 | -1;
  total: number;
  /** Where each window begins, in the sort's direction; window 0 begins at the start, the last runs to the end. */
  starts: JsonValue[];
}

/**
 * Where the windows of a key-paged export begin: the `_id` {@link WINDOW_PAGES} pages after the previous
 * window's start, asked for with `_id` at or past that start, a skip of one window and `_id` alone, so
 * each request costs the service one window of its `_id` index (a skip from the top would cost it the
 * whole way down, for every window). Undefined (export one page after another instead) when windows would
 * not help (fewer than two), when the service sent no count, or when cutting by `_id` could lose a
 * document: `_id`s of more than one kind (the service compares a bound only with `_id`s of its kind,
 * checked by counting those at or past the first `_id`), or starts that do not follow one another.
 */
export async function planWindows(
  context: PageFetchContext,
  query: Pick<DocumentQuery, 'q' | 'sort' | 'fields'>,
  direction: 1 | -1,
  windowPages = WINDOW_PAGES,
  /** Told the total as soon as it is known, so that the progress has it while the windows are found. */
  onTotal?: (total: number) => void,
): Promise<WindowPlan | undefined> {
  const sort = { _id: direction } as const;
  const idOnly = { fields: { _id: 1 as const }, sort, limit: 1 };
  const first = await fetchExportPage(context, { ...idOnly, ...(query.q ? { q: query.q } : {}) });
  const firstId = first.documents[0]?._id;
  const kind: IdKind | undefined = idKind(firstId);
  const total = first.total;
  const windowDocuments = windowPages * MAX_PAGE_SIZE;
  if (total === undefined || kind === undefined || total <= windowDocuments) return undefined;
  const sameKind = await fetchExportPage(context, { ...idOnly, q: windowFilter(query.q, { from: firstId }, direction) });
  if (sameKind.total !== total) return undefined;
  onTotal?.(total);
  const starts: JsonValue[] = [firstId];
  for (let counted = windowDocuments; counted < total; counted += windowDocuments) {
    const from = { from: starts[starts.length - 1] };
    const next = await fetchExportPage(context, { ...idOnly, q: windowFilter(query.q, from, direction), skip: windowDocuments });
    const start = next.documents[0]?._id;
    // Fewer documents than counted: some were deleted meanwhile, and the last window runs to the end.
    if (start === undefined) break;
    starts.push(start);
  }
  if (!starts.every((id): id is JsonValue => idKind(id) === kind)) return undefined;
  if (!strictlyOrdered(starts, kind, direction)) return undefined;
  return starts.length < 2 ? undefined : { query, direction, total, starts };
}

interface WindowState {
  window: IdWindow;
  /** Pages fetched and not yet written, oldest first. */
  pages: JsonObject[][];
  /** Every page of the window has been fetched. */
  fetched: boolean;
}

/**
 * Wakes whoever waits for the state to change: fetched pages, written pages, a failure. A waiter loops
 * `while (!condition) await changes.next()`, so that it acts on a condition checked in the same turn
 * (two workers woken together must not both take the last free window).
 */
class StateChanges {
  private waiting: (() => void)[] = [];

  next(): Promise<void> {
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  notify(): void {
    for (const wake of this.waiting.splice(0)) wake();
  }
}

/**
 * Exports a plan's windows, `windows` at a time, each paged by key within its bounds: the file gets
 * them in order (the same text as one page after another), and a window runs at most `windowPages`
 * pages ahead of what the file has, so at most `windows × windowPages` pages are held at once. A
 * window may begin fetching only when it is among the `windows` next to be written.
 */
export async function exportWindows(
  options: ExportOptions,
  context: PageFetchContext,
  plan: WindowPlan,
  progress: ExportProgress,
  windows: number,
  windowPages = WINDOW_PAGES,
): Promise<ExportProgress> {
  return new WindowedExport(options, context, plan, windows, windowPages).run(progress);
}

/** One run of {@link exportWindows}: the windows' states, shared by the workers that fetch and the loop that writes. */
class WindowedExport {
  private readonly states: WindowState[];
  private readonly changes = new StateChanges();
  private readonly stop = new AbortController();
  private readonly fetchContext: PageFetchContext;
  /** The window being written; every window before it is in the file. */
  private writing = 0;
  /** Windows a worker has taken. */
  private claimed = 0;
  private failure: unknown;

  constructor(
    private readonly options: ExportOptions,
    context: PageFetchContext,
    private readonly plan: WindowPlan,
    private readonly windows: number,
    private readonly windowPages: number,
  ) {
    this.states = plan.starts.map((start, index) => ({
      window: { ...(index === 0 ? {} : { from: start }), ...(index + 1 < plan.starts.length ? { to: plan.starts[index + 1] } : {}) },
      pages: [],
      fetched: false,
    }));
    this.fetchContext = { ...context, signal: this.stop.signal };
  }

  async run(progress: ExportProgress): Promise<ExportProgress> {
    const { options } = this;
    const onAbort = () => {
      this.fail(new ExportCancelledError());
      this.stop.abort();
    };
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const workers = Array.from({ length: this.windows }, () => this.worker());
    try {
      await options.write(options.writer.start());
      for (; this.writing < this.states.length; this.writing++) await this.writeWindow(this.states[this.writing], progress);
      await options.write(options.writer.end());
      return progress;
    } catch (error) {
      this.fail(error);
      this.stop.abort();
      throw options.signal?.aborted ? new ExportCancelledError() : error;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      await Promise.allSettled(workers);
    }
  }

  private fail(error: unknown): void {
    this.failure ??= error;
    this.changes.notify();
  }

  /** Writes a window's pages as they are fetched, until its last. */
  private async writeWindow(state: WindowState, progress: ExportProgress): Promise<void> {
    this.changes.notify();
    for (;;) {
      while (this.failure === undefined && state.pages.length === 0 && !state.fetched) await this.changes.next();
      if (this.failure !== undefined) throw this.failure;
      const documents = state.pages[0];
      if (documents === undefined) return;
      let text = '';
      for (const document of documents) text += this.options.writer.item(document);
      await this.options.write(text);
      state.pages.shift();
      this.changes.notify();
      progress.exported += documents.length;
      this.options.onProgress?.({ ...progress });
    }
  }

  /** Takes the next window among the `windows` next to be written, fetches it, and takes another. */
  private async worker(): Promise<void> {
    const { states } = this;
    try {
      for (;;) {
        while (this.failure === undefined && this.claimed < states.length && this.claimed >= this.writing + this.windows)
          await this.changes.next();
        if (this.failure !== undefined || this.claimed >= states.length) return;
        await this.fetchWindow(states[this.claimed++]);
      }
    } catch (error) {
      this.fail(error);
    }
  }

  private async fetchWindow(state: WindowState): Promise<void> {
    const { direction, query } = this.plan;
    while (!state.fetched) {
      while (this.failure === undefined && state.pages.length >= this.windowPages) await this.changes.next();
      if (this.failure !== undefined) return;
      const request: DocumentQuery = { limit: MAX_PAGE_SIZE, sort: { _id: direction } };
      const q = windowFilter(query.q, state.window, direction);
      if (q) request.q = q;
      if (query.fields !== undefined) request.fields = query.fields;
      const page = await fetchExportPage(this.fetchContext, request);
      const { documents } = page;
      if (documents.length > 0) state.window = { ...state.window, after: documents[documents.length - 1]._id };
      // A page's count is what lies in the window past the previous key.
      state.fetched = documents.length < MAX_PAGE_SIZE || (page.total !== undefined && page.total <= documents.length);
      state.pages.push(documents);
      this.changes.notify();
    }
  }
}
