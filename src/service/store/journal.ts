import { closeSync, fdatasync, fdatasyncSync, fstatSync, ftruncateSync, openSync, readSync } from 'node:fs';
import { HttpError } from '../errors';
import { SLICE_MS } from '../query/slicedScan';
import { writeFully } from './lineFile';

/** How long an unsafe write may stay in the operating system's cache before it is fsynced. */
const LAZY_SYNC_MS = 200;

/** The file operations of a journal; tests pass failing ones to play a full or broken disk. */
export interface JournalIo {
  write(fd: number, data: Buffer): void;
  sync(fd: number): void;
  truncate(fd: number, length: number): void;
  /** The same sync off the event loop, so that writes arriving meanwhile are appended and join the next one. */
  syncInBackground(fd: number): Promise<void>;
}

const fdatasyncInBackground = (fd: number): Promise<void> =>
  new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));

export const nodeJournalIo: JournalIo = {
  write: writeFully,
  sync: fdatasyncSync,
  truncate: ftruncateSync,
  syncInBackground: fdatasyncInBackground,
};

interface SyncWaiter {
  /** The journal's size once the waiting write was appended: synced when a sync covering this many bytes succeeds. */
  upTo: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

export type LineOutcome = { end: number } | { refused: string };

interface OpenLine {
  pieces: Buffer[];
  /** The first piece not written yet. */
  next: number;
  written: number;
  complete: () => string | undefined;
  outcome?: { end: number; synced: Promise<void> } | { refused: string } | { error: HttpError };
}

const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const reason = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error as Error).message;
const unavailable = (message: string): HttpError => new HttpError(503, message);

/**
 * An append-only file of JSON lines. Every append reaches the operating system before it returns (so it
 * survives the process being killed); a durable append is also fsynced, so it survives the machine.
 * A failed append is cut off again, so the next line does not join its partial bytes. After a failed
 * fsync the file's content is unknown (the system may have dropped the unwritten pages), so the journal
 * refuses every further append until the service is restarted and replays what the file holds.
 *
 * Group commit: a durable append may leave its sync to `whenSynced`, which resolves once a sync that
 * started after the append succeeded. One sync runs at a time, off the event loop; the appends made while
 * it runs wait together for the next one, so concurrent safe writes share each fdatasync.
 */
export class Journal {
  private readonly fd: number;
  private unsynced = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private bytes: number;
  private broken: string | undefined;
  /** Bytes a succeeded sync covered. */
  private syncedBytes = 0;
  private syncing = false;
  private syncScheduled = false;
  private waiters: SyncWaiter[] = [];
  /** A line being written a slice at a time. */
  private openLine: OpenLine | undefined;
  /** Closed while a background sync ran: the descriptor is closed once it returns. */
  private closing = false;

  constructor(
    readonly path: string,
    private readonly io: JournalIo = nodeJournalIo,
  ) {
    this.fd = openSync(path, 'a+');
    this.bytes = fstatSync(this.fd).size;
    try {
      this.endTornTail();
    } catch (error) {
      closeSync(this.fd);
      throw error;
    }
  }

  /** A write that never finished stays as its own unreadable line rather than joining the next one. */
  private endTornTail(): void {
    if (this.bytes === 0) return;
    const last = Buffer.alloc(1);
    readSync(this.fd, last, 0, 1, this.bytes - 1);
    if (last[0] === 0x0a) return;
    this.io.write(this.fd, Buffer.from('\n'));
    this.bytes++;
  }

  get size(): number {
    return this.bytes;
  }

  /** Whether a line is being written a slice at a time (appendInSlices): the journal is not to be retired meanwhile. */
  get writingLine(): boolean {
    return this.openLine !== undefined;
  }

  /**
   * Appends one line; returns the journal's size after it. `durable` syncs before returning, unless
   * `syncLater`: then the caller waits for `whenSynced(size)` before acknowledging the write.
   */
  append(line: string, durable: boolean, syncLater = false): number {
    if (this.openLine) this.writePieces(this.openLine, () => true);
    if (this.broken) throw unavailable(this.broken);
    const data = Buffer.from(`${line}\n`, 'utf8');
    try {
      this.io.write(this.fd, data);
    } catch (error) {
      throw this.takeBack(error);
    }
    this.bytes += data.length;
    this.unsynced = true;
    if (durable && !syncLater) this.sync();
    else if (!durable && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        // A failure breaks the journal: the next append reports it.
        this.whenSynced(this.bytes).catch(() => undefined);
      }, LAZY_SYNC_MS);
      this.timer.unref();
    }
    return this.bytes;
  }

  /**
   * Appends a line serialised beforehand in pieces (its newline included), a slice of {@link SLICE_MS} at a time
   * so that other requests are answered in between. An append made meanwhile first writes the rest of this line,
   * so lines never interleave and one cut off by a crash can only be the last (skipped at load). Once the line is
   * whole, before any other, `complete` refuses it (it is then taken back) or applies it; the answer waits for
   * its sync.
   */
  async appendInSlices(pieces: Buffer[], complete: () => string | undefined): Promise<LineOutcome> {
    if (this.openLine) this.writePieces(this.openLine, () => true);
    if (this.broken) throw unavailable(this.broken);
    const line: OpenLine = { pieces, next: 0, written: 0, complete };
    this.openLine = line;
    while (!line.outcome) {
      const sliceEnd = performance.now() + SLICE_MS;
      this.writePieces(line, () => performance.now() < sliceEnd);
      if (!line.outcome) await yieldToOtherRequests();
    }
    if ('error' in line.outcome) throw line.outcome.error;
    if ('synced' in line.outcome) await line.outcome.synced;
    return line.outcome;
  }

  private writePieces(line: OpenLine, more: () => boolean): void {
    this.openLine = undefined;
    if (this.broken) {
      line.outcome = { error: unavailable(this.broken) };
      return;
    }
    try {
      while (line.next < line.pieces.length && more()) {
        this.io.write(this.fd, line.pieces[line.next]);
        line.written += line.pieces[line.next++].length;
      }
    } catch (error) {
      line.outcome = { error: this.takeBack(error) };
      return;
    }
    if (line.next < line.pieces.length) {
      this.openLine = line;
      return;
    }
    let refused: string | undefined;
    try {
      refused = line.complete();
    } catch (error) {
      this.takeBack(error);
      line.outcome = { error: new HttpError(500, `The change could not be applied (${(error as Error).message}); it was not stored`) };
      return;
    }
    if (refused !== undefined) {
      const failure = this.takeBack(new Error('a refused line'));
      line.outcome = this.broken ? { error: failure } : { refused };
      return;
    }
    this.bytes += line.written;
    this.unsynced = true;
    // Waiting from now on: a compaction retiring the journal after this line settles the wait (the snapshot holds it).
    line.outcome = { end: this.bytes, synced: this.whenSynced(this.bytes) };
    line.outcome.synced.catch(() => undefined);
  }

  /** Cuts off a write that failed (so the next line does not join its partial bytes); the 503 that reports it. */
  private takeBack(error: unknown): HttpError {
    try {
      this.io.truncate(this.fd, this.bytes);
    } catch {
      this.broken = `The local service could not write to its data folder (${reason(error)}) nor take back the partial write; it refuses changes until it is restarted`;
      return unavailable(this.broken);
    }
    return unavailable(`The local service could not write to its data folder (${reason(error)}); the change was not stored`);
  }

  /** Resolves once the first `upTo` bytes are synced; rejects with 503 when the sync fails (the journal is broken then). */
  whenSynced(upTo: number): Promise<void> {
    if (this.broken) return Promise.reject(unavailable(this.broken));
    if (this.syncedBytes >= upTo) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ upTo, resolve, reject });
      this.scheduleSync();
    });
  }

  /** Starts the next background sync after the current turn of the event loop, so that the writes it handles join it. */
  private scheduleSync(): void {
    if (this.syncing || this.syncScheduled) return;
    this.syncScheduled = true;
    setImmediate(() => {
      this.syncScheduled = false;
      this.runSync();
    });
  }

  private runSync(): void {
    if (this.syncing || this.closing || this.waiters.length === 0) return;
    if (this.broken) {
      this.settle(this.broken);
      return;
    }
    this.syncing = true;
    const covers = this.bytes;
    this.io.syncInBackground(this.fd).then(
      () => {
        this.syncing = false;
        this.synced(covers);
        if (this.closing) closeSync(this.fd);
        else this.runSync();
      },
      (error: unknown) => {
        this.syncing = false;
        if (this.closing) {
          closeSync(this.fd);
          return;
        }
        this.broken ??= failedSync(error);
        this.settle(this.broken);
      },
    );
  }

  private synced(covers: number): void {
    this.syncedBytes = Math.max(this.syncedBytes, covers);
    if (this.syncedBytes >= this.bytes) this.unsynced = false;
    const waiting = this.waiters;
    this.waiters = waiting.filter((waiter) => waiter.upTo > this.syncedBytes);
    for (const waiter of waiting) if (waiter.upTo <= this.syncedBytes) waiter.resolve();
  }

  /** Answers every waiting write: durable (no `failure`) or refused with it. */
  private settle(failure?: string): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (failure) waiter.reject(unavailable(failure));
      else waiter.resolve();
    }
  }

  sync(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.broken) throw unavailable(this.broken);
    const covers = this.bytes;
    try {
      this.io.sync(this.fd);
    } catch (error) {
      this.broken = failedSync(error);
      this.settle(this.broken);
      throw unavailable(this.broken);
    }
    this.synced(covers);
  }

  /**
   * Closes the journal once its lines are folded into a snapshot that is written and synced: the writes
   * waiting for a sync are durable through the snapshot.
   */
  retire(): void {
    this.settle();
    this.release();
  }

  close(): void {
    try {
      if (this.unsynced && !this.broken) this.sync();
    } finally {
      this.settle(this.broken ?? 'The local service stopped before the change was flushed to disk');
      this.release();
    }
  }

  private release(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closing) return;
    const line = this.openLine;
    this.openLine = undefined;
    if (line) line.outcome = { error: this.takeBack(new Error('the service stopped before the change was written')) };
    this.closing = true;
    // A background sync still holds the descriptor: it is closed when that sync returns.
    if (!this.syncing) closeSync(this.fd);
  }
}

function failedSync(error: unknown): string {
  return `The local service could not flush its data folder to disk (${reason(error)}), so whether the last changes are kept is unknown; it refuses changes until it is restarted`;
}
