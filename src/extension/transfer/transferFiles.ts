import type * as vscode from 'vscode';

/** A file being written that appears under its name only once whole (see atomicFile.ts, workspaceAtomicFile.ts). */
export interface PartialFile {
  /** Appends text; resolves once it is taken, so a writer that awaits holds one page at a time. */
  write(text: string): Promise<void>;
  /** Puts the whole file in place, replacing any file of that name. */
  commit(): Promise<void>;
  /** Leaves nothing behind (cancel or failure); an existing file of that name stays as it was. */
  discard(): Promise<void>;
}

/**
 * The files export and import read and write, the one seam between the platforms, chosen by the transfer
 * bundle's entry: Node's files on the desktop (nodeTransferFiles.ts), `vscode.workspace.fs` in the browser
 * (workspaceTransferFiles.ts).
 */
export interface TransferFiles {
  /**
   * How a chosen file is named in messages, results and an import's resume state (its path on the desktop, its
   * URI in the browser); throws, cause first, for a file this platform cannot `use` ('export' or 'import').
   */
  nameOf(uri: vscode.Uri, use: 'export' | 'import'): string;
  /** The folder the save dialog starts in when no folder is open, if any. */
  defaultFolder(): vscode.Uri | undefined;
  create(uri: vscode.Uri): Promise<PartialFile>;
  /** The file's bytes, a piece at a time (each call reads it afresh). */
  read(uri: vscode.Uri): AsyncIterable<Uint8Array>;
  /** Size and last change, which tell whether an import's saved resume state is of this very file. */
  stat(uri: vscode.Uri): Promise<{ size: number; modifiedMs: number }>;
}
