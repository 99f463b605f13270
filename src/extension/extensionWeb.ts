import type * as vscode from 'vscode';
import type { FetchFunction } from '../client/fetchFunction';
import type { DbHostExtensionApi } from './activateDbHost';
import { activateDbHost } from './activateDbHost';

/**
 * The browser's composition root (dist/web/extension.js, package.json's `browser`): VS Code for the Web runs it
 * in a web worker, with no Node. Clients use the browser's fetch and send the key in the MongoHQ-API-Token
 * header, never in a URL the browser keeps in its history or network log (the service must answer the page's
 * origin: `--allow-origin`). What needs processes or Node's files (the local service, the MCP server and the
 * AI tools, export and import) is not activated, and package.json hides its commands with `!isWeb`.
 */
export function activate(context: vscode.ExtensionContext): Promise<DbHostExtensionApi> {
  const fetch: FetchFunction = (url, init) => globalThis.fetch(url, init);
  return activateDbHost(context, { http: { fetch, keyInHeader: true }, asyncContext: undefined, handoverFile: undefined });
}

export function deactivate(): void {}
