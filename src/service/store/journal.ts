import { closeSync, fdatasyncSync, fstatSync, ftruncateSync, openSync, readSync } from 'node:fs';
import { HttpError } from '../errors';
import { writeFully } from './lineFile';

/** How long an unsafe write may stay in the operating system's cache before it is fsynced. */
const LAZY_SYNC_MS = 200;

/** The file operations of a journal; tests pass failing ones to play a full or broken disk. */
export interface JournalIo {
  write(fd: number, data: Buffer): void;
  sync(fd: number): void;
  truncate(fd: number, length: number): void;
}

export const nodeJournalIo: JournalIo = { write: writeFully, sync: fdatasyncSync, truncate: ftruncateSync };

const reason = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error as Error).message;
const unavailable = (message: string): HttpError => new HttpError(503, message);

/**
 * An append-only file of JSON lines. Every append reaches the operating system before it returns (so it
 * survives the process being killed); a durable append is also fsynced, so it survives the machine.
 * A failed append is cut off again, so the next line does not join its partial bytes. After a failed
 * fsync the file's content is unknown (the system may have dropped the unwritten pages), so the journal
 * refuses every further append until the service is restarted and replays what the file holds.
 */
export class Journal {
  private readonly fd: number;
  private unsynced = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private bytes: number;
  private broken: string | undefined;

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

  append(line: string, durable: boolean): void {
    if (this.broken) throw unavailable(this.broken);
    const data = Buffer.from(`${line}\n`, 'utf8');
    try {
      this.io.write(this.fd, data);
    } catch (error) {
      try {
        this.io.truncate(this.fd, this.bytes);
      } catch {
        this.broken = `The local service could not write to its data folder (${reason(error)}) nor take back the partial write; it refuses changes until it is restarted`;
        throw unavailable(this.broken);
      }
      throw unavailable(`The local service could not write to its data folder (${reason(error)}); the change was not stored`);
    }
    this.bytes += data.length;
    if (durable) {
      this.sync();
      return;
    }
    this.unsynced = true;
    if (!this.timer) {
      this.timer = setTimeout(() => {
        try {
          this.sync();
        } catch {
          // The journal is broken now: the next append reports it.
        }
      }, LAZY_SYNC_MS);
      this.timer.unref();
    }
  }

  sync(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.broken) throw unavailable(this.broken);
    try {
      this.io.sync(this.fd);
    } catch (error) {
      this.broken = `The local service could not flush its data folder to disk (${reason(error)}), so whether the last changes are kept is unknown; it refuses changes until it is restarted`;
      throw unavailable(this.broken);
    }
    this.unsynced = false;
  }

  close(): void {
    try {
      if (this.unsynced && !this.broken) this.sync();
    } finally {
      if (this.timer) clearTimeout(this.timer);
      closeSync(this.fd);
    }
  }
}
