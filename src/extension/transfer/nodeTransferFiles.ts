import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { AtomicFile } from './atomicFile';
import type { TransferFiles } from './transferFiles';

/** The desktop's files: Node's, streamed in 64 KB pieces both ways, on this machine only (`file:` URIs). */
export const nodeTransferFiles: TransferFiles = {
  nameOf(uri, use) {
    if (uri.scheme === 'file') return uri.fsPath;
    throw new Error(
      use === 'export'
        ? vscode.l10n.t('Export writes to files on this machine only; {0} is not one.', uri.toString(true))
        : vscode.l10n.t('Import reads files on this machine only; {0} is not one.', uri.toString(true)),
    );
  },
  defaultFolder: () => vscode.Uri.file(homedir()),
  create: (uri) => AtomicFile.create(uri.fsPath),
  read: (uri) => createReadStream(uri.fsPath, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>,
  async stat(uri) {
    const info = await stat(uri.fsPath);
    return { size: info.size, modifiedMs: info.mtimeMs };
  },
};
