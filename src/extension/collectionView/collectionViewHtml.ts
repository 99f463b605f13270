import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';

/**
 * The page of a collection view: no remote resource, a nonce for its one script, and nothing but the
 * extension's own `dist` and `media` files. The page holds no key and no address of the service.
 */
export function collectionViewHtml(webview: vscode.Webview, scriptUri: vscode.Uri, styleUri: vscode.Uri, title: string): string {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
  ].join('; ');
  const escapedTitle = title.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${styleUri.toString()}">
<title>${escapedTitle}</title>
</head>
<body>
<main id="app" aria-label="${escapedTitle}"></main>
<script nonce="${nonce}" src="${scriptUri.toString()}"></script>
</body>
</html>`;
}
