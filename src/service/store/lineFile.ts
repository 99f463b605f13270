import { closeSync, fsync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';

export interface LineReadResult {
  /** Bytes up to the end of the last complete line; a torn tail after it is not counted. */
  completeBytes: number;
  tornBytes: number;
}

/**
 * Calls `onLine` for every newline-terminated line of the file, reading in chunks so that file size is not bounded
 * by string size. Each chunk's complete lines are decoded at once and cut at their newlines: a newline byte never
 * lies inside a UTF-8 sequence, so this gives the same text as decoding each line on its own, for less work a line.
 */
export function readLines(path: string, onLine: (line: string) => void): LineReadResult {
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.alloc(4 * 1024 * 1024);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let completeBytes = 0;
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      const lastNewline = chunk.lastIndexOf(10, read - 1);
      if (lastNewline >= 0) {
        const text =
          pendingBytes > 0
            ? Buffer.concat([...pending, chunk.subarray(0, lastNewline)]).toString('utf8')
            : chunk.toString('utf8', 0, lastNewline);
        completeBytes += pendingBytes + lastNewline + 1;
        pending = [];
        pendingBytes = 0;
        let start = 0;
        for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
          onLine(text.slice(start, newline));
          start = newline + 1;
        }
        onLine(text.slice(start));
      }
      if (lastNewline + 1 < read) {
        pending.push(Buffer.from(chunk.subarray(lastNewline + 1, read)));
        pendingBytes += read - lastNewline - 1;
      }
    }
    return { completeBytes, tornBytes: pendingBytes };
  } finally {
    closeSync(fd);
  }
}

/** The file operations of a snapshot write; tests pass failing ones to play a full disk. */
export interface FileIo {
  write(fd: number, data: Buffer): void;
  sync(fd: number): void;
}

export const nodeFileIo: FileIo = { write: (fd, data) => writeFully(fd, data), sync: fsyncSync };

/** Writes a file line by line through a buffer, then fsyncs it. */
export class LineWriter {
  private readonly fd: number;
  private buffered: string[] = [];
  private bufferedLength = 0;
  private closed = false;

  constructor(
    path: string,
    private readonly io: FileIo = nodeFileIo,
  ) {
    this.fd = openSync(path, 'w');
  }

  write(line: string): void {
    this.buffered.push(line, '\n');
    this.bufferedLength += line.length + 1;
    if (this.bufferedLength > 1024 * 1024) this.flush();
  }

  close(): void {
    try {
      this.flush();
      this.io.sync(this.fd);
    } finally {
      this.abandon();
    }
  }

  /** Like `close`, with the fsync off the event loop (a snapshot of a million documents takes a while to sync). */
  async closeInBackground(): Promise<void> {
    try {
      this.flush();
      if (this.io === nodeFileIo)
        await new Promise<void>((resolve, reject) => fsync(this.fd, (error) => (error ? reject(error) : resolve())));
      else this.io.sync(this.fd);
    } finally {
      this.abandon();
    }
  }

  /** Closes the file without syncing it (a write given up: the file is removed or replaced). */
  abandon(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  private flush(): void {
    if (this.buffered.length === 0) return;
    this.io.write(this.fd, Buffer.from(this.buffered.join(''), 'utf8'));
    this.buffered = [];
    this.bufferedLength = 0;
  }
}

export function writeFully(fd: number, data: Buffer): void {
  let offset = 0;
  while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
}

export function fsyncDirectory(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
