import { readdirSync, statSync } from 'node:fs';
import { parseStoredJson } from '../bson/storedJson';
import type { AccountState } from './accountState';
import { StartupRefusal } from './damagedFiles';
import { readLines } from './lineFile';
import type { Mutation } from './mutations';
import { deserializeMutation } from './mutations';

const JOURNAL = /^journal-(\d+)\.jsonl$/;

export const journalName = (generation: number): string => `journal-${generation}.jsonl`;

/** The generations of the journals in the directory, oldest first. */
export function journalGenerations(directory: string): number[] {
  return readdirSync(directory)
    .map((name) => JOURNAL.exec(name))
    .filter((match) => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
}

export const NOTHING_CHANGED = 'The service did not start and changed nothing in the folder.';

/**
 * Reads an account's snapshot and journals into its state at start-up. A line it cannot read is skipped and
 * its file noted as damaged, so that the store keeps that file aside when it replaces it; a snapshot that
 * cannot be read as a whole stops the service with what to do.
 */
export class AccountFilesLoader {
  /** Files of the directory holding lines that could not be read. */
  readonly damaged = new Set<string>();

  constructor(
    private readonly directory: string,
    private readonly state: AccountState,
    private readonly log: (line: string) => void,
  ) {}

  loadSnapshot(path: string): number {
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

  loadJournal(path: string): number {
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
