import * as vscode from 'vscode';
import { activateDbHost } from './activateDbHost';
import { mcpServersFeature } from './aiTools/mcpServerProvider';
import type { ExplorerProvider } from './explorer/explorerProvider';
import { localServiceFeature } from './localService/registerLocalService';
import type { FeatureHost } from './kit/feature/featureModule';
import { activateApart, activateFeature } from './kit/feature/featureModule';
import { ContextKey } from './kit/feature/contextValues';
import { lazyModule } from './base/lazyModule';
import type { TransferCommands } from './transfer/transferCommands';
import type * as ClientModule from '../client/dbHostClient';

/** The client's code, dist/client.mjs, loaded when the first client is made (activation makes none). */
const clientClass = lazyModule('client', (part: typeof ClientModule) => part.DbHostClient);

/**
 * The desktop composition root (dist/extension.mjs, package.json's `main`): clients over node-fetch, export and
 * import over Node's files (streamed), and the features that need processes: the local service and the MCP server.
 * The browser's root is extensionWeb.ts; everything else both share in activateDbHost.
 */
export function activate(context: vscode.ExtensionContext): Promise<void> {
  return activateDbHost(context, {
    newClient: (options) => new (clientClass())(options),
    handoverFile: process.env.DBHOST_IMPORT_ACCOUNT_FILE,
    // dist/transfer.mjs: export and import over Node's files, loaded the first time one runs.
    transfer: lazyModule('transfer', (bundle: { transferCommands: TransferCommands }) => bundle.transferCommands),
    activateNodeFeatures,
  });
}

function activateNodeFeatures(host: FeatureHost, explorer: ExplorerProvider): void {
  host.afterActivation('the desktop-only menus', () => void vscode.commands.executeCommand('setContext', ContextKey.nodeHost, true));
  const localService = activateFeature(host, localServiceFeature, undefined);
  host.services.context.subscriptions.push(localService.onDidChange((accountId) => explorer.setLocalAccount(accountId)));
  activateApart(host, mcpServersFeature, undefined);
}

export function deactivate(): void {}
