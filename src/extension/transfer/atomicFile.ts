import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * A file written in pieces that appears under its name only once whole: the pieces go to a hidden
 * temporary file beside it, renamed into place by {@link commit}; {@link discard} (cancel or failure)
 * removes it, so no half file ever poses as a whole one and an existing file is left as it was.
 */
export class AtomicFile {
  private constructor(
    readonly path: string,
    readonly temporaryPath: string,
    private readonly handle: FileHandle,
  ) {}

  static async create(path: string): Promise<AtomicFile> {
    const temporaryPath = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.partial`);
    return new AtomicFile(path, temporaryPath, await open(temporaryPath, 'wx'));
  }

  /** Appends text; resolves once the system has it, so a writer that awaits holds one piece at a time. */
  async write(text: string): Promise<void> {
    if (text !== '') await this.handle.write(text, null, 'utf8');
  }

  async commit(): Promise<void> {
    try {
      await this.handle.sync();
    } finally {
      await this.handle.close();
    }
    await rename(this.temporaryPath, this.path);
  }

  async discard(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await rm(this.temporaryPath, { force: true });
  }
}
