import type * as vscode from 'vscode';
import type { PartialFile } from './transferFiles';

/**
 * What the browser holds of one export (or reads of one import) at most: `vscode.workspace.fs` has no streams
 * and no append, so a file is written whole, once, and read whole. Writing it joins the pages into one array,
 * so an export at the bound takes about twice this much memory for a moment.
 */
export const BROWSER_FILE_LIMIT_BYTES = 128 * 1024 * 1024;

const encoder = new TextEncoder();

type FileSystem = Pick<vscode.FileSystem, 'writeFile' | 'rename' | 'delete'>;

/**
 * The browser's atomic file (atomicFile.ts is the desktop's): the pages are kept in memory, up to
 * {@link BROWSER_FILE_LIMIT_BYTES}, and {@link commit} writes them once to a hidden sibling, then renames it over
 * the file's name, so no half file ever poses as a whole one; {@link discard} (cancel or failure) removes the
 * sibling if it was begun, and an existing file of that name is left as it was.
 */
export class WorkspaceAtomicFile implements PartialFile {
  private pages: Uint8Array[] = [];
  private size = 0;
  private temporaryBegun = false;

  constructor(
    private readonly fs: FileSystem,
    readonly uri: vscode.Uri,
    readonly temporaryUri: vscode.Uri,
    private readonly limitBytes = BROWSER_FILE_LIMIT_BYTES,
  ) {}

  async write(text: string): Promise<void> {
    if (text === '') return;
    const bytes = encoder.encode(text);
    if (this.size + bytes.length > this.limitBytes) throw new Error(tooLargeToExport(this.limitBytes));
    this.pages.push(bytes);
    this.size += bytes.length;
  }

  async commit(): Promise<void> {
    const whole = new Uint8Array(this.size);
    let at = 0;
    for (const page of this.pages) {
      whole.set(page, at);
      at += page.length;
    }
    this.pages = [];
    this.temporaryBegun = true;
    await this.fs.writeFile(this.temporaryUri, whole);
    await this.fs.rename(this.temporaryUri, this.uri, { overwrite: true });
    this.temporaryBegun = false;
  }

  async discard(): Promise<void> {
    this.pages = [];
    if (this.temporaryBegun) await Promise.resolve(this.fs.delete(this.temporaryUri, { useTrash: false })).catch(() => undefined);
  }
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

function tooLargeToExport(limitBytes: number): string {
  return `the export is larger than ${megabytes(limitBytes)}, the most the browser holds in memory to write at once. Export fewer documents (a filter, or chosen rows), or export from VS Code on the desktop, which streams it to disk.`;
}

export function tooLargeToImport(name: string, sizeBytes: number, limitBytes = BROWSER_FILE_LIMIT_BYTES): string {
  return `${name} is ${megabytes(sizeBytes)}, larger than ${megabytes(limitBytes)}, the most the browser reads into memory at once. Split it, or import it from VS Code on the desktop, which streams it from disk.`;
}
