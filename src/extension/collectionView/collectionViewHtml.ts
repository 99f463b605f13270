import { randomNonce } from '../../core/text/webRandom';
import type * as vscode from 'vscode';
import { escapeHtml, webviewPage } from '../kit/display/webviewPage';

/**
 * The page of a collection view: no remote resource, a nonce for its one script, and nothing but the
 * extension's own `dist` and `media` files. The page holds no key and no address of the service.
 */
export function collectionViewHtml(webview: vscode.Webview, scriptUri: vscode.Uri, styleUri: vscode.Uri, title: string): string {
  const nonce = randomNonce();
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
  ].join('; ');
  return webviewPage({
    title,
    csp,
    head: `<link rel="stylesheet" href="${styleUri.toString()}">\n`,
    body: `<main id="app" aria-label="${escapeHtml(title)}"></main>\n<script nonce="${nonce}" src="${scriptUri.toString()}"></script>`,
  });
}
