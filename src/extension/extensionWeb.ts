import type * as vscode from 'vscode';
import { DbHostClient } from '../client/dbHostClient';
import { activateDbHost } from './activateDbHost';
import { browserFetch } from './kit/accounts/browserFetch';
import { loadPartsFrom } from './lazyPartWeb';
import { lazyPart } from './base/lazyPart';
import type { TransferCommands } from './transfer/transferCommands';

/**
 * The browser's composition root (dist/web/extension.js, package.json's `browser`): VS Code for the Web runs it
 * in a web worker, with no Node. Clients use the browser's fetch and send the key in the MongoHQ-API-Token
 * header, never in a URL the browser keeps in its history or network log (the service must answer the page's
 * origin: `--allow-origin`). Export and import go through `vscode.workspace.fs` (dist/web/transferWeb.js). What
 * needs processes (the local service, the MCP server) is not activated, and package.json hides their commands
 * where the context key dbhost.nodeHost is not set.
 */
export function activate(context: vscode.ExtensionContext): Promise<void> {
  loadPartsFrom(context.extensionUri);
  // The worker's own origin: the one its requests carry, which the service must allow.
  const pageOrigin = (globalThis as { location?: { origin?: string } }).location?.origin;
  const fetch = browserFetch((input, init) => globalThis.fetch(input, init), pageOrigin);
  return activateDbHost(context, {
    newClient: (options) => new DbHostClient({ ...options, fetch, keyInHeader: true }),
    handoverFile: undefined,
    transfer: lazyPart('transferWeb', (bundle: { transferCommands: TransferCommands }) => bundle.transferCommands),
  });
}

export function deactivate(): void {}
