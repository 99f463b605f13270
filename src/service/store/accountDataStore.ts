import { existsSync, mkdirSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Doc } from '../bson/extendedJson';
import { HttpError } from '../errors';
import { AccountState } from './accountState';
import { AccountFilesLoader, NOTHING_CHANGED, journalGenerations, journalName } from './accountFilesLoader';
import { keepCopy, StartupRefusal } from './damagedFiles';
import type { JournalIo } from './journal';
import { Journal, nodeJournalIo } from './journal';
import type { FileIo } from './lineFile';
import { fsyncDirectory, LineWriter, nodeFileIo } from './lineFile';
import type { Mutation } from './mutations';
import { stringifyMutations } from './mutations';
import { joinGroupCommit } from './groupCommit';
import { SLICE_MS } from '../query/slicedScan';

const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const SNAPSHOT = 'snapshot.jsonl';
const TEMPORARY = `${SNAPSHOT}.tmp`;
/** A journal larger than this is folded into a new snapshot. */
const COMPACT_AT_BYTES = 64 * 1024 * 1024;
/** After a snapshot could not be written, the next try waits until the journal has grown this much more. */
const RETRY_AFTER_BYTES = 8 * 1024 * 1024;

/** A compaction running in the background: its snapshot writer, and whether a compaction made at once replaced it. */
interface BackgroundRun {
  writer?: LineWriter;
  cancelled: boolean;
}

const reason = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/**
 * One account's data on disk: a snapshot (a list of mutations that rebuilds the state) and the journal
 * of changes since, one JSON line per committed request. A line is applied in memory only after it is
 * written, so a failed write changes nothing. Compaction writes a new snapshot under a new generation
 * and starts that generation's empty journal; a crash at any point leaves a consistent pair.
 *
 * Start-up never loses what the files hold: a file with lines it cannot read is kept aside (renamed
 * `*.damaged-<time>`) rather than rewritten without them, and files that cannot be read as a whole (an
 * empty or headless snapshot, a journal without its snapshot) stop the service with what to do.
 * Compaction is best-effort: the journal line is the acknowledgement, so a snapshot that cannot be
 * written (a full disk) is logged and tried again later, never reported as a failed write.
 */
export class AccountDataStore {
  readonly state = new AccountState();
  private generation = 0;
  private journal: Journal | undefined;
  private closed = false;
  private compactAt: number;
  private compactionScheduled = false;
  /** The compaction running in the background, its snapshot writer, and whether a compaction made at once replaced it. */
  private background: Promise<void> | undefined;
  private backgroundRun: BackgroundRun | undefined;
  /** Reads the files at start-up, and knows which of them hold lines it could not read: kept aside when they are replaced. */
  private readonly loader: AccountFilesLoader;

  private constructor(
    readonly directory: string,
    private readonly log: (line: string) => void,
    private readonly io: JournalIo,
    private readonly snapshotIo: FileIo,
    private readonly compactAtBytes: number,
  ) {
    this.compactAt = compactAtBytes;
    this.loader = new AccountFilesLoader(directory, this.state, log);
  }

  /** Loads the account's data; `existed` is false when the directory held no data yet. */
  static open(
    directory: string,
    log: (line: string) => void,
    io: JournalIo = nodeJournalIo,
    snapshotIo: FileIo = nodeFileIo,
    compactAtBytes = COMPACT_AT_BYTES,
  ): { store: AccountDataStore; existed: boolean } {
    mkdirSync(directory, { recursive: true });
    const store = new AccountDataStore(directory, log, io, snapshotIo, compactAtBytes);
    store.removeUnfinishedSnapshot();
    const journals = journalGenerations(directory);
    const snapshotPath = join(directory, SNAPSHOT);
    const hasSnapshot = existsSync(snapshotPath);
    store.state.replaying = true;
    if (hasSnapshot) store.generation = store.loader.loadSnapshot(snapshotPath);
    else if (journals.some((generation) => generation !== 0)) {
      const names = journals.map(journalName).join(', ');
      throw new StartupRefusal(
        `${directory} holds ${names} but not ${SNAPSHOT}, the snapshot the journal continues, so the account's data cannot be read as a whole. Restore ${SNAPSHOT} from a backup, or move the folder away to start this account afresh. ${NOTHING_CHANGED}`,
      );
    }
    const newer = journals.filter((generation) => generation > store.generation);
    // A compaction running in the background writes to the next journal while its snapshot is written: a crash
    // then leaves journals G, G+1, … after snapshot G, each continuing the one before. A gap means another copy.
    const chain = journals.filter((generation) => generation >= store.generation);
    const contiguous = chain.every((generation, i) => generation === store.generation + i);
    if (newer.length > 0 && !(hasSnapshot && chain[0] === store.generation && contiguous)) {
      throw new StartupRefusal(
        `${directory} holds ${newer.map(journalName).join(', ')}, newer than its ${SNAPSHOT} (generation ${store.generation}): the snapshot seems to be an older copy. Restore the matching ${SNAPSHOT}, or move the newer journal away to start from the snapshot as it is. ${NOTHING_CHANGED}`,
      );
    }
    let replayed = 0;
    for (const generation of chain) replayed += store.loader.loadJournal(join(directory, journalName(generation)));
    store.state.finishReplay();
    const last = chain.length > 0 ? chain[chain.length - 1] : store.generation;
    const existed = hasSnapshot || journals.includes(0);
    // Start-up does not fold the journal into a new snapshot (at a million documents that held the first requests
    // for seconds): the service appends to the last journal and compacts in the background once it is large or
    // several journals wait. Unreadable lines with journal lines to fold still call for a compaction now, which keeps
    // the damaged files aside.
    if (!existed || (store.loader.damaged.size > 0 && replayed > 0)) store.compact();
    else {
      for (const generation of journals) if (generation < store.generation) store.retire(journalName(generation));
      store.generation = last;
    }
    const journalPath = join(directory, journalName(store.generation));
    if (!store.journal) {
      try {
        store.openJournal();
      } catch (error) {
        log(
          `${journalPath}: could not be opened for writing (${(error as Error).message}); reads are served and writes are refused until it can`,
        );
      }
    }
    if (store.journal && (chain.length > 1 || store.journal.size > store.compactAt)) store.scheduleCompaction();
    return { store, existed };
  }

  /**
   * Writes the mutations to the journal, then applies them. A durable commit is synced before it returns,
   * except inside a request's group commit (groupCommit.ts): the request then waits for a sync shared with
   * the other writes of the moment before it answers.
   */
  commit(mutations: Mutation[], durable: boolean): void {
    if (mutations.length === 0) return;
    if (this.closed) throw new Error('The account store is closed');
    const journal = this.journal ?? this.openJournal();
    const group = durable ? joinGroupCommit() : undefined;
    const sizes = new Map<Doc, number>();
    const size = journal.append(stringifyMutations(mutations, { at: Date.now() }, sizes), durable, group !== undefined);
    group?.push(journal.whenSynced(size));
    for (const mutation of mutations) this.state.apply(mutation, sizes);
    if (journal.size > this.compactAt) this.scheduleCompaction();
  }

  /**
   * Writes a line serialised beforehand (slicedLine.ts) a slice at a time, so that other requests run meanwhile
   * (Journal.appendInSlices). Once it is whole on disk, `complete` refuses it (it is then taken back, and the
   * refusal returned) or changes the state as the line's mutations would (a copy swaps in collections built
   * aside). Resolves once the line is synced; a snapshot it calls for is written after the request.
   */
  async commitInSlices(line: Buffer[], complete: () => string | undefined): Promise<string | undefined> {
    if (this.closed) throw new Error('The account store is closed');
    const journal = this.journal ?? this.openJournal();
    const outcome = await journal.appendInSlices(line, complete);
    if ('refused' in outcome) return outcome.refused;
    if (this.journal === journal && journal.size > this.compactAt) this.scheduleCompaction();
    return undefined;
  }

  /** Compacts in the background after the current request: the journal line is the acknowledgement, the snapshot is best-effort. */
  private scheduleCompaction(): void {
    if (this.compactionScheduled || this.background) return;
    this.compactionScheduled = true;
    setImmediate(() => {
      this.compactionScheduled = false;
      if (this.closed || !this.journal || this.background) return;
      // A line written a slice at a time (Copy Database) finishes first: the journal is not switched under it.
      if (this.journal.writingLine) this.scheduleCompaction();
      else this.background = this.compactInBackground().finally(() => (this.background = undefined));
    });
  }

  /**
   * A compaction that does not hold the service: the state is captured at once (lists of references) and the
   * appends switch to the next generation's journal in the same turn, then the snapshot of the captured state
   * is written a slice at a time, synced, and renamed into place; the journals it folds are removed after.
   * A crash before the rename leaves the old snapshot and the journals since, which start-up replays in turn;
   * after it, the new snapshot and its journal.
   */
  private async compactInBackground(): Promise<void> {
    const generation = this.generation + 1;
    const batches = this.state.rebuild();
    const previous = this.journal!;
    try {
      this.journal = new Journal(join(this.directory, journalName(generation)), this.io);
      fsyncDirectory(this.directory);
    } catch (error) {
      this.journal = previous;
      this.compactAt = previous.size + Math.min(RETRY_AFTER_BYTES, this.compactAtBytes);
      this.log(`${this.directory}: could not start a new journal for a compaction (${reason(error)}); it is tried again later`);
      return;
    }
    this.generation = generation;
    this.compactAt = this.compactAtBytes;
    // Its writes still waiting for a sync are synced now (a failure answers them with the journal's 503).
    try {
      previous.close();
    } catch {
      // Reported to the writes that waited; the snapshot below holds what memory holds.
    }
    const temporary = join(this.directory, TEMPORARY);
    const run: BackgroundRun = { cancelled: false };
    this.backgroundRun = run;
    const cancelled = () => this.closed || run.cancelled;
    try {
      run.writer = new LineWriter(temporary, this.snapshotIo);
      run.writer.write(JSON.stringify({ snapshot: 1, generation, written: new Date().toISOString() }));
      let sliceEnd = performance.now() + SLICE_MS;
      for (const batch of batches) {
        run.writer.write(stringifyMutations(batch, {}));
        if (performance.now() < sliceEnd) continue;
        await yieldToOtherRequests();
        if (cancelled()) return;
        sliceEnd = performance.now() + SLICE_MS;
      }
      await run.writer.closeInBackground();
      run.writer = undefined;
      if (cancelled()) return;
      renameSync(temporary, join(this.directory, SNAPSHOT));
    } catch (error) {
      run.writer?.abandon();
      if (cancelled()) return;
      rmSync(temporary, { force: true });
      this.compactAt = (this.journal?.size ?? 0) + Math.min(RETRY_AFTER_BYTES, this.compactAtBytes);
      this.log(
        `${this.directory}: could not write a new snapshot (${reason(error)}); the journal keeps every change and the snapshot is tried again later`,
      );
      return;
    } finally {
      if (this.backgroundRun === run) this.backgroundRun = undefined;
    }
    fsyncDirectory(this.directory);
    for (const stale of journalGenerations(this.directory)) if (stale < generation) this.retire(journalName(stale));
  }

  /**
   * Writes the state as a new snapshot and starts its empty journal. Returns false (after logging why)
   * when the snapshot could not be written: the journal still holds every change, so nothing is lost.
   */
  compact(): boolean {
    if (this.backgroundRun) {
      // The snapshot written here holds everything the background one would: it stops, its file is replaced.
      this.backgroundRun.cancelled = true;
      this.backgroundRun.writer?.abandon();
      this.backgroundRun = undefined;
    }
    const generation = this.generation + 1;
    const temporary = join(this.directory, TEMPORARY);
    const snapshot = join(this.directory, SNAPSHOT);
    try {
      const writer = new LineWriter(temporary, this.snapshotIo);
      try {
        writer.write(JSON.stringify({ snapshot: 1, generation, written: new Date().toISOString() }));
        for (const batch of this.state.rebuild()) writer.write(stringifyMutations(batch, {}));
      } finally {
        writer.close();
      }
      // After an unreadable line, later lines may have had nothing to apply to (a collection it created): every file
      // the new snapshot replaces is kept, linked under its kept name before the switch so that no crash loses it.
      if (this.loader.damaged.size > 0) {
        const replaced = [...(existsSync(snapshot) ? [SNAPSHOT] : []), ...journalGenerations(this.directory).map(journalName)];
        for (const name of replaced) {
          const path = join(this.directory, name);
          this.log(
            `${path}: kept as ${keepCopy(path)}${this.loader.damaged.has(name) ? ' (it has unreadable lines)' : ' (the data it belongs to had unreadable lines)'}`,
          );
        }
      }
      renameSync(temporary, snapshot);
    } catch (error) {
      rmSync(temporary, { force: true });
      this.compactAt = (this.journal?.size ?? 0) + Math.min(RETRY_AFTER_BYTES, this.compactAtBytes);
      this.log(
        `${this.directory}: could not write a new snapshot (${reason(error)}); the journal keeps every change and the snapshot is tried again later`,
      );
      return false;
    }
    fsyncDirectory(this.directory);
    // The new snapshot holds everything now (the writes still waiting for a sync included): the previous journal is folded in.
    this.journal?.retire();
    this.journal = undefined;
    this.generation = generation;
    this.compactAt = this.compactAtBytes;
    try {
      this.openJournal();
      fsyncDirectory(this.directory);
    } catch (error) {
      this.log(`${this.directory}: could not start a new journal (${(error as Error).message}); the next write tries again`);
    }
    this.loader.damaged.clear();
    for (const stale of this.staleJournals()) this.retire(stale);
    return true;
  }

  flush(): void {
    this.journal?.sync();
  }

  close(): void {
    this.closed = true;
    this.backgroundRun?.writer?.abandon();
    this.backgroundRun = undefined;
    this.journal?.close();
    this.journal = undefined;
  }

  private openJournal(): Journal {
    try {
      this.journal = new Journal(join(this.directory, journalName(this.generation)), this.io);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(503, `The local service could not open its journal (${reason(error)}); the change was not stored`);
    }
    return this.journal;
  }

  /** A snapshot write that never reached its rename: an unfinished copy, never the only one. */
  private removeUnfinishedSnapshot(): void {
    const temporary = join(this.directory, TEMPORARY);
    if (!existsSync(temporary)) return;
    rmSync(temporary, { force: true });
    this.log(`${temporary}: removed a snapshot write that never finished (the snapshot and journal beside it hold the data)`);
  }

  /** A journal folded into the snapshot is deleted (one with unreadable lines was kept under another name first). */
  private retire(name: string): void {
    const path = join(this.directory, name);
    try {
      unlinkSync(path);
    } catch (error) {
      this.log(`${path}: could not be removed after compaction (${reason(error)}); the next start folds it again`);
    }
  }

  private staleJournals(): string[] {
    return journalGenerations(this.directory)
      .filter((generation) => generation !== this.generation)
      .map(journalName);
  }
}
