import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parseStoredJson } from '../bson/storedJson';
import { HttpError } from '../errors';
import { AccountState } from './accountState';
import { keepCopy, StartupRefusal } from './damagedFiles';
import type { JournalIo } from './journal';
import { Journal, nodeJournalIo } from './journal';
import type { FileIo } from './lineFile';
import { fsyncDirectory, LineWriter, nodeFileIo, readLines } from './lineFile';
import type { Mutation } from './mutations';
import { deserializeMutation, stringifyMutations } from './mutations';
import { joinGroupCommit } from './groupCommit';

const SNAPSHOT = 'snapshot.jsonl';
const TEMPORARY = `${SNAPSHOT}.tmp`;
const JOURNAL = /^journal-(\d+)\.jsonl$/;
/** A journal larger than this is folded into a new snapshot. */
const COMPACT_AT_BYTES = 64 * 1024 * 1024;
/** After a snapshot could not be written, the next try waits until the journal has grown this much more. */
const RETRY_AFTER_BYTES = 8 * 1024 * 1024;

const journalName = (generation: number) => `journal-${generation}.jsonl`;
const reason = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error as Error).message;
const NOTHING_CHANGED = 'The service did not start and changed nothing in the folder.';

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
  /** Files of this directory holding lines that could not be read: kept aside when they are replaced. */
  private readonly damaged = new Set<string>();

  private constructor(
    readonly directory: string,
    private readonly log: (line: string) => void,
    private readonly io: JournalIo,
    private readonly snapshotIo: FileIo,
    private readonly compactAtBytes: number,
  ) {
    this.compactAt = compactAtBytes;
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
    const journals = store.journalGenerations();
    const snapshotPath = join(directory, SNAPSHOT);
    const hasSnapshot = existsSync(snapshotPath);
    if (hasSnapshot) store.generation = store.loadSnapshot(snapshotPath);
    else if (journals.some((generation) => generation !== 0)) {
      const names = journals.map(journalName).join(', ');
      throw new StartupRefusal(
        `${directory} holds ${names} but not ${SNAPSHOT}, the snapshot the journal continues, so the account's data cannot be read as a whole. Restore ${SNAPSHOT} from a backup, or move the folder away to start this account afresh. ${NOTHING_CHANGED}`,
      );
    }
    const newer = journals.filter((generation) => generation > store.generation);
    if (newer.length > 0) {
      throw new StartupRefusal(
        `${directory} holds ${newer.map(journalName).join(', ')}, newer than its ${SNAPSHOT} (generation ${store.generation}): the snapshot seems to be an older copy. Restore the matching ${SNAPSHOT}, or move the newer journal away to start from the snapshot as it is. ${NOTHING_CHANGED}`,
      );
    }
    const journalPath = join(directory, journalName(store.generation));
    const replayed = existsSync(journalPath) ? store.loadJournal(journalPath) : 0;
    const existed = hasSnapshot || journals.includes(0);
    if (!existed || replayed > 0 || journals.some((generation) => generation < store.generation)) store.compact();
    if (!store.journal) {
      try {
        store.openJournal();
      } catch (error) {
        log(
          `${journalPath}: could not be opened for writing (${(error as Error).message}); reads are served and writes are refused until it can`,
        );
      }
    }
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
    const size = journal.append(stringifyMutations(mutations, { at: Date.now() }), durable, group !== undefined);
    group?.push(journal.whenSynced(size));
    for (const mutation of mutations) this.state.apply(mutation);
    if (journal.size > this.compactAt && !journal.writingLine) this.compact();
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

  /** Compacts after the current request: the journal line is the acknowledgement, the snapshot is best-effort. */
  private scheduleCompaction(): void {
    if (this.compactionScheduled) return;
    this.compactionScheduled = true;
    setImmediate(() => {
      this.compactionScheduled = false;
      if (!this.closed && this.journal && !this.journal.writingLine && this.journal.size > this.compactAt) this.compact();
    });
  }

  /**
   * Writes the state as a new snapshot and starts its empty journal. Returns false (after logging why)
   * when the snapshot could not be written: the journal still holds every change, so nothing is lost.
   */
  compact(): boolean {
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
      if (this.damaged.size > 0) {
        const replaced = [...(existsSync(snapshot) ? [SNAPSHOT] : []), ...this.journalGenerations().map(journalName)];
        for (const name of replaced) {
          const path = join(this.directory, name);
          this.log(
            `${path}: kept as ${keepCopy(path)}${this.damaged.has(name) ? ' (it has unreadable lines)' : ' (the data it belongs to had unreadable lines)'}`,
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
    this.damaged.clear();
    for (const stale of this.staleJournals()) this.retire(stale);
    return true;
  }

  flush(): void {
    this.journal?.sync();
  }

  close(): void {
    this.closed = true;
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

  private journalGenerations(): number[] {
    return readdirSync(this.directory)
      .map((name) => JOURNAL.exec(name))
      .filter((match) => match !== null)
      .map((match) => Number(match[1]))
      .sort((a, b) => a - b);
  }

  private staleJournals(): string[] {
    return this.journalGenerations()
      .filter((generation) => generation !== this.generation)
      .map(journalName);
  }

  private loadSnapshot(path: string): number {
    if (statSync(path).size === 0) {
      throw new StartupRefusal(
        `${path} is empty (a snapshot always holds at least its header), so the account's data cannot be read as a whole. Restore it from a backup, or move the folder ${this.directory} away to start this account afresh. ${NOTHING_CHANGED}`,
      );
    }
    let generation: number | undefined;
    this.load(path, (parsed, line) => {
      if (line !== 1) return false;
      if (typeof parsed?.generation === 'number' && Number.isInteger(parsed.generation) && parsed.generation >= 0)
        generation = parsed.generation;
      return true;
    });
    if (generation === undefined) {
      throw new StartupRefusal(
        `${path}: its first line is not a readable snapshot header ({"snapshot":1,"generation":N,…}), so which journal continues it is unknown and the account's data cannot be read as a whole. Restore the file from a backup, or repair that line (N is the number in the journal-N.jsonl beside it). ${NOTHING_CHANGED}`,
      );
    }
    return generation;
  }

  private loadJournal(path: string): number {
    return this.load(path, () => false);
  }

  /** Applies every readable line of the file; `header` takes the lines that are not mutations. Returns the lines seen, torn tail included. */
  private load(path: string, header: (parsed: { generation?: unknown } | undefined, line: number) => boolean): number {
    const name = path.slice(this.directory.length + 1);
    let lines = 0;
    const result = readLines(path, (text) => {
      lines++;
      let parsed: { generation?: unknown; m?: unknown[] };
      try {
        parsed = parseStoredJson(text) as typeof parsed;
      } catch {
        if (!header(undefined, lines)) this.noteDamage(name, `${path}: skipped an unreadable line ${lines}`);
        return;
      }
      if (header(parsed, lines)) return;
      if (!Array.isArray(parsed?.m)) {
        this.noteDamage(name, `${path}: skipped line ${lines}: it holds no list of changes`);
        return;
      }
      let mutations: Mutation[];
      try {
        mutations = parsed.m.map(deserializeMutation);
      } catch (error) {
        this.noteDamage(name, `${path}: skipped line ${lines}: ${(error as Error).message}`);
        return;
      }
      for (const mutation of mutations) this.state.apply(mutation);
    });
    if (result.tornBytes > 0) this.noteDamage(name, `${path}: ignored ${result.tornBytes} bytes of a write that never finished`);
    return lines + (result.tornBytes > 0 ? 1 : 0);
  }

  private noteDamage(name: string, report: string): void {
    this.damaged.add(name);
    this.log(`${report} (the file is kept: moved aside as ${name}.damaged-<time> when it is replaced)`);
  }
}
