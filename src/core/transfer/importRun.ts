import type { DbHostApi } from '../api/types';
import type { JsonObject } from '../json/lossless';
import type { IdSeed } from './importIds';
import { withId } from './importIds';
import type { ImportFailure, SettledTally } from './importState';
import { DoneMark, MAX_KEPT_FAILURES } from './importState';
import type { ParsedRecord } from './parsedRecord';
import { storedEqual } from './storedEqual';
import { httpStatus, isCancelled, isTransient, pause, reasonOf } from './transientFailure';

/** POSTs an import keeps in flight at once unless told otherwise. */
export const DEFAULT_IMPORT_CONCURRENCY = 4;

export interface ImportTally {
  /** Records read so far (parse errors included). */
  read: number;
  stored: number;
  /** Records whose `_id` the service already held with the same content (sent by an earlier try). */
  alreadyStored: number;
  failureCount: number;
  /** Every ordinal below this is finished. */
  doneThrough: number;
}

export interface ImportOptions {
  api: DbHostApi;
  db: string;
  col: string;
  records: AsyncIterable<ParsedRecord>;
  idSeed: IdSeed;
  /** Records with an ordinal below this were finished by an earlier run and are skipped. */
  resumeFrom?: number;
  /** What the records before `resumeFrom` came to in the earlier run (its {@link ImportOutcome.resumable}). */
  previous?: Omit<SettledTally, 'doneThrough'> & { failures: ImportFailure[] };
  /** POSTs in flight at once. Default 4. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Extra tries of a POST after a failure that trying again may cure. Default 4. */
  retries?: number;
  retryDelayMs?: number;
  onProgress?(tally: ImportTally, resumable: () => ResumableTally): void;
}

/** What a later run can take over: the records before the done mark and their failures. */
export type ResumableTally = SettledTally & { failures: ImportFailure[] };

export interface ImportOutcome extends ImportTally {
  failures: ImportFailure[];
  resumable: ResumableTally;
  /** How the run ended: every record finished, cancelled, or stopped by a failure no retry cured (the import can resume). */
  ended: 'complete' | 'cancelled' | 'stopped';
  /** What stopped it, when `ended` is `stopped`. */
  stoppedBy?: unknown;
}

class StopImport extends Error {
  constructor(readonly failure: unknown) {
    super(reasonOf(failure));
  }
}

type RecordResult = { kind: 'stored' } | { kind: 'already' } | { kind: 'failed'; reason: string };

/** The tally of one run, with its failures and its done mark: what a record's end changes, and what a later run can take over. */
class ImportBook {
  readonly failures: ImportFailure[];
  readonly tally: ImportTally;
  private readonly mark: DoneMark;

  constructor(
    resumeFrom: number,
    previous: ImportOptions['previous'],
    private readonly onProgress: ImportOptions['onProgress'],
  ) {
    this.mark = new DoneMark({ ...previous, doneThrough: resumeFrom });
    this.failures = (previous?.failures ?? []).filter((failure) => failure.ordinal === undefined || failure.ordinal < resumeFrom);
    this.tally = {
      read: 0,
      stored: previous?.stored ?? 0,
      alreadyStored: previous?.alreadyStored ?? 0,
      failureCount: previous?.failureCount ?? 0,
      doneThrough: resumeFrom,
    };
  }

  readonly resumable = (): ResumableTally => ({
    ...this.mark.settled,
    failures: this.failures.filter((failure) => failure.ordinal === undefined || failure.ordinal < this.mark.doneThrough),
  });

  finish(record: ParsedRecord, result: RecordResult, at: number): void {
    if (result.kind === 'stored') this.tally.stored++;
    else if (result.kind === 'already') this.tally.alreadyStored++;
    else {
      this.tally.failureCount++;
      if (this.failures.length < MAX_KEPT_FAILURES) this.failures.push({ line: record.line, reason: result.reason, ordinal: at });
    }
    this.mark.finish(at, result.kind);
    this.tally.doneThrough = this.mark.doneThrough;
    this.onProgress?.({ ...this.tally }, this.resumable);
  }
}

/** How one record is sent: the POST, and on a conflict the look at what the service holds, each retried while a retry may cure it. */
class RecordSender {
  constructor(
    private readonly options: ImportOptions,
    private readonly retries: number,
  ) {}

  async send(document: JsonObject): Promise<RecordResult> {
    const { api, db, col, signal } = this.options;
    return this.retrying(
      async () => {
        await api.createDocument(db, col, document, { safe: true }, { signal });
        return { kind: 'stored' };
      },
      (error) => {
        const status = httpStatus(error);
        if (status === 409) return this.sameAsStored(document, error);
        // The service refused this record; any other failure (a refusal before sending, such as a
        // read-only account's) is not the record's and stops the import.
        if (status !== undefined && status < 500) return { kind: 'failed', reason: reasonOf(error) };
        return undefined;
      },
    );
  }

  private async sameAsStored(document: JsonObject, conflict: unknown): Promise<RecordResult> {
    const { api, db, col, signal } = this.options;
    return this.retrying(
      async () => {
        const { document: stored } = await api.getDocument(db, col, document._id, { signal });
        return storedEqual(stored, document)
          ? { kind: 'already' }
          : { kind: 'failed', reason: `a different document with this _id is already in ${db}.${col}` };
      },
      // No document with the _id: the conflict is on another unique index.
      (error) => (httpStatus(error) === 404 ? { kind: 'failed', reason: reasonOf(conflict) } : undefined),
    );
  }

  /** Calls until `call` answers or `settle` turns its failure into a result; a failure neither settles nor a retry cures stops the import. */
  private async retrying(
    call: () => Promise<RecordResult>,
    settle: (error: unknown) => RecordResult | Promise<RecordResult> | undefined,
  ): Promise<RecordResult> {
    const signal = this.options.signal;
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (isCancelled(error) || signal?.aborted) throw error;
        const settled = settle(error);
        if (settled !== undefined) return await settled;
        if (!isTransient(error) || attempt >= this.retries) throw new StopImport(error);
        await pause((this.options.retryDelayMs ?? 250) * 2 ** attempt, signal);
      }
    }
  }
}

/**
 * Stores the records in a collection, each with its `_id` fixed before it is sent (the record's own, or
 * one derived from `idSeed` and its place in the file), with `safe: true` and at most `concurrency`
 * POSTs in flight. A POST that fails for a reason a retry may cure is sent again; an `_id` the service
 * already holds counts as done when the stored document is the one sent (an earlier try stored it), and
 * as a failure when it is another. Records are read only as fast as they are sent.
 */
export async function importDocuments(options: ImportOptions): Promise<ImportOutcome> {
  const signal = options.signal;
  const concurrency = Math.max(1, Math.min(32, Math.floor(options.concurrency ?? DEFAULT_IMPORT_CONCURRENCY)));
  const resumeFrom = options.resumeFrom ?? 0;
  const book = new ImportBook(resumeFrom, options.previous, options.onProgress);
  const sender = new RecordSender(options, options.retries ?? 4);
  const inFlight = new Set<Promise<void>>();
  let stop: unknown;
  let ordinal = -1;
  try {
    for await (const record of options.records) {
      ordinal++;
      if (ordinal < resumeFrom) continue;
      book.tally.read = ordinal + 1;
      if (stop !== undefined || signal?.aborted) break;
      const at = ordinal;
      if (record.error !== undefined) {
        book.finish(record, { kind: 'failed', reason: record.error }, at);
        continue;
      }
      const task: Promise<void> = sender.send(withId(record.document, options.idSeed, at)).then(
        (result) => book.finish(record, result, at),
        (error: unknown) => {
          stop ??= error;
        },
      );
      const tracked = task.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
  } catch (error) {
    // The file could not be read on: what was read is finished first.
    stop ??= error;
  }
  await Promise.all(inFlight);
  book.failures.sort((a, b) => a.line - b.line);
  const outcome: ImportOutcome = { ...book.tally, failures: book.failures, resumable: book.resumable(), ended: 'complete' };
  if (signal?.aborted || (stop !== undefined && isCancelled(stop))) return { ...outcome, ended: 'cancelled' };
  if (stop !== undefined) return { ...outcome, ended: 'stopped', stoppedBy: stop instanceof StopImport ? stop.failure : stop };
  return outcome;
}
