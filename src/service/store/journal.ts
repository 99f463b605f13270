import { closeSync, fdatasyncSync, fstatSync, openSync } from 'node:fs';
import { writeFully } from './lineFile';

/** How long an unsafe write may stay in the operating system's cache before it is fsynced. */
const LAZY_SYNC_MS = 200;

/**
 * An append-only file of JSON lines. Every append reaches the operating system before it returns (so it
 * survives the process being killed); a durable append is also fsynced, so it survives the machine.
 */
export class Journal {
  private readonly fd: number;
  private unsynced = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private bytes: number;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'a');
    this.bytes = fstatSync(this.fd).size;
  }

  get size(): number {
    return this.bytes;
  }

  append(line: string, durable: boolean): void {
    const data = Buffer.from(`${line}\n`, 'utf8');
    writeFully(this.fd, data);
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
          // Stays unsynced: the next durable append or close syncs again.
        }
      }, LAZY_SYNC_MS);
      this.timer.unref();
    }
  }

  sync(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    fdatasyncSync(this.fd);
    this.unsynced = false;
  }

  close(): void {
    if (this.unsynced) this.sync();
    if (this.timer) clearTimeout(this.timer);
    closeSync(this.fd);
  }
}
