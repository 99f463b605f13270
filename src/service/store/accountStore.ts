import { existsSync, mkdirSync, readdirSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parseStoredJson } from '../bson/storedJson';
import { AccountState } from './accountState';
import type { JournalIo } from './journal';
import { Journal, nodeJournalIo } from './journal';
import { fsyncDirectory, LineWriter, readLines } from './lineFile';
import type { Mutation } from './mutations';
import { deserializeMutation, stringifyMutations } from './mutations';

const SNAPSHOT = 'snapshot.jsonl';
const JOURNAL = /^journal-(\d+)\.jsonl$/;
/** A journal larger than this is folded into a new snapshot. */
const COMPACT_AT_BYTES = 64 * 1024 * 1024;

const journalName = (generation: number) => `journal-${generation}.jsonl`;

/**
 * One account's data on disk: a snapshot (a list of mutations that rebuilds the state) and the journal
 * of changes since, one JSON line per committed request. A line is applied in memory only after it is
 * written, so a failed write changes nothing. Compaction writes a new snapshot under a new generation
 * and starts that generation's empty journal; a crash at any point leaves a consistent pair.
 */
export class AccountStore {
  readonly state = new AccountState();
  private generation = 0;
  private journal: Journal | undefined;

  private constructor(readonly directory: string, private readonly log: (line: string) => void, private readonly io: JournalIo) {}

  /** Loads the account's data; `existed` is false when the directory held no snapshot yet. */
  static open(directory: string, log: (line: string) => void, io: JournalIo = nodeJournalIo): { store: AccountStore; existed: boolean } {
    mkdirSync(directory, { recursive: true });
    const store = new AccountStore(directory, log, io);
    const existed = existsSync(join(directory, SNAPSHOT));
    let replayed = 0;
    if (existed) store.generation = store.load(join(directory, SNAPSHOT), true).generation;
    const journalPath = join(directory, journalName(store.generation));
    if (existsSync(journalPath)) {
      const loaded = store.load(journalPath, false);
      replayed = loaded.lines + loaded.tornBytes;
    }
    if (!existed || replayed > 0 || store.staleJournals().length > 0) store.compact();
    else store.journal = new Journal(journalPath, io);
    return { store, existed };
  }

  commit(mutations: Mutation[], durable: boolean): void {
    if (mutations.length === 0) return;
    if (!this.journal) throw new Error('The account store is closed');
    this.journal.append(stringifyMutations(mutations, { at: Date.now() }), durable);
    for (const mutation of mutations) this.state.apply(mutation);
    if (this.journal.size > COMPACT_AT_BYTES) this.compact();
  }

  compact(): void {
    const generation = this.generation + 1;
    const temporary = join(this.directory, `${SNAPSHOT}.tmp`);
    const writer = new LineWriter(temporary);
    try {
      writer.write(JSON.stringify({ snapshot: 1, generation, written: new Date().toISOString() }));
      for (const batch of this.state.rebuild()) writer.write(stringifyMutations(batch, {}));
    } finally {
      writer.close();
    }
    renameSync(temporary, join(this.directory, SNAPSHOT));
    fsyncDirectory(this.directory);
    this.journal?.close();
    this.generation = generation;
    this.journal = new Journal(join(this.directory, journalName(generation)), this.io);
    fsyncDirectory(this.directory);
    for (const stale of this.staleJournals()) unlinkSync(join(this.directory, stale));
  }

  flush(): void {
    this.journal?.sync();
  }

  close(): void {
    this.journal?.close();
    this.journal = undefined;
  }

  private staleJournals(): string[] {
    return readdirSync(this.directory).filter((name) => {
      const match = JOURNAL.exec(name);
      return match !== null && Number(match[1]) !== this.generation;
    });
  }

  private load(path: string, isSnapshot: boolean): { generation: number; lines: number; tornBytes: number } {
    let generation = 0;
    let lines = 0;
    const result = readLines(path, (line) => {
      lines++;
      let parsed: { snapshot?: number; generation?: number; m?: unknown[] };
      try {
        parsed = parseStoredJson(line) as typeof parsed;
      } catch {
        this.log(`${path}: skipped an unreadable line ${lines}`);
        return;
      }
      if (isSnapshot && lines === 1 && typeof parsed.generation === 'number') {
        generation = parsed.generation;
        return;
      }
      if (!Array.isArray(parsed.m)) return;
      let mutations: Mutation[];
      try {
        mutations = parsed.m.map(deserializeMutation);
      } catch (error) {
        this.log(`${path}: skipped line ${lines}: ${(error as Error).message}`);
        return;
      }
      for (const mutation of mutations) this.state.apply(mutation);
    });
    if (result.tornBytes > 0) this.log(`${path}: ignored ${result.tornBytes} bytes of a write that never finished`);
    return { generation, lines, tornBytes: result.tornBytes };
  }
}
