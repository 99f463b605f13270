import type { IdSeed } from './importIds';

/** A record the import did not store, with where it is in the file and why. */
export interface ImportFailure {
  line: number;
  reason: string;
  /** The record's place in the file (parse errors included), 0-based. */
  ordinal?: number;
}

/** At most this many failures are kept (and reported); the count goes on past it. */
export const MAX_KEPT_FAILURES = 10_000;

/**
 * What an import needs to resume where it stopped, kept in workspace storage under {@link importStateKey}.
 * Every record before `doneThrough` (an ordinal: the record's place in the file, parse errors included)
 * was stored, found stored, or failed; records after it may have been stored too, which a resumed import
 * finds out from their `_id` (the same as before, thanks to `idSeed`).
 */
export interface ImportState {
  version: 1;
  /** The file as it was when the import started: a changed file cannot be resumed. */
  file: { path: string; size: number; modifiedMs: number };
  target: { accountId: string; db: string; col: string };
  format: string;
  csvTypes?: string;
  idSeed: IdSeed;
  doneThrough: number;
  stored: number;
  alreadyStored: number;
  failureCount: number;
  failures: ImportFailure[];
}

export function importStateKey(filePath: string, target: { accountId: string; db: string; col: string }): string {
  return `dbhost.import:${JSON.stringify([filePath, target.accountId, target.db, target.col])}`;
}

/** Whether a saved state belongs to this file as it is now and can be resumed. */
export function canResume(state: unknown, file: ImportState['file'], format: string, csvTypes: string | undefined): state is ImportState {
  if (typeof state !== 'object' || state === null) return false;
  const candidate = state as Partial<ImportState>;
  return (
    candidate.version === 1 &&
    candidate.file?.path === file.path &&
    candidate.file.size === file.size &&
    candidate.file.modifiedMs === file.modifiedMs &&
    candidate.format === format &&
    candidate.csvTypes === csvTypes &&
    typeof candidate.doneThrough === 'number' &&
    typeof candidate.idSeed?.unique === 'string'
  );
}

export type RecordEnd = 'stored' | 'already' | 'failed';

/** What the records before the done mark came to: all a resumed import can take over. */
export interface SettledTally {
  doneThrough: number;
  stored: number;
  alreadyStored: number;
  failureCount: number;
}

/**
 * The lowest ordinal not yet finished, while records finish out of order, with what the records
 * before it came to: a resume skips exactly those and takes over their counts. Holds only the records
 * finished past the mark (no more than are in flight).
 */
export class DoneMark {
  private readonly finishedAhead = new Map<number, RecordEnd>();
  readonly settled: SettledTally;

  constructor(start: Partial<SettledTally> = {}) {
    this.settled = {
      doneThrough: start.doneThrough ?? 0,
      stored: start.stored ?? 0,
      alreadyStored: start.alreadyStored ?? 0,
      failureCount: start.failureCount ?? 0,
    };
  }

  get doneThrough(): number {
    return this.settled.doneThrough;
  }

  finish(ordinal: number, end: RecordEnd): void {
    if (ordinal < this.settled.doneThrough) return;
    this.finishedAhead.set(ordinal, end);
    for (
      let next = this.finishedAhead.get(this.settled.doneThrough);
      next !== undefined;
      next = this.finishedAhead.get(this.settled.doneThrough)
    ) {
      this.finishedAhead.delete(this.settled.doneThrough);
      if (next === 'stored') this.settled.stored++;
      else if (next === 'already') this.settled.alreadyStored++;
      else this.settled.failureCount++;
      this.settled.doneThrough++;
    }
  }
}
