import * as vscode from 'vscode';
import { randomBytes } from '../../core/text/webRandom';
import type { TransferFiles } from './transferFiles';
import { BROWSER_FILE_LIMIT_BYTES, WorkspaceAtomicFile, tooLargeToImport } from './workspaceAtomicFile';

const PIECE_BYTES = 64 * 1024;

/**
 * The browser's files, through `vscode.workspace.fs` (any file system the workbench has: a remote's, a
 * repository's on vscode.dev): an export is written whole at its end (workspaceAtomicFile.ts), an import file
 * is read whole and parsed record by record from its bytes; both up to {@link BROWSER_FILE_LIMIT_BYTES}.
 */
export const workspaceTransferFiles: TransferFiles = {
  nameOf: (uri) => (uri.scheme === 'file' ? uri.fsPath : uri.toString(true)),
  defaultFolder: () => undefined,
  create: async (uri) => new WorkspaceAtomicFile(vscode.workspace.fs, uri, temporarySiblingOf(uri)),
  read: (uri) => piecesOf(uri),
  async stat(uri) {
    const info = await vscode.workspace.fs.stat(uri);
    if (info.size > BROWSER_FILE_LIMIT_BYTES) throw new Error(tooLargeToImport(uri.path.slice(uri.path.lastIndexOf('/') + 1), info.size));
    return { size: info.size, modifiedMs: info.mtime };
  },
};

async function* piecesOf(uri: vscode.Uri): AsyncGenerator<Uint8Array> {
  const bytes = await vscode.workspace.fs.readFile(uri);
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) yield bytes.subarray(at, at + PIECE_BYTES);
}

/** A hidden file beside `uri`, as the desktop's AtomicFile names its own. */
function temporarySiblingOf(uri: vscode.Uri): vscode.Uri {
  const slash = uri.path.lastIndexOf('/');
  const hex = Array.from(randomBytes(4), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return uri.with({ path: `${uri.path.slice(0, slash + 1)}.${uri.path.slice(slash + 1)}.${hex}.partial` });
}
