import * as vscode from 'vscode';

/** Text made safe for HTML. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The frame every webview page of the extension shares: the page's strict Content-Security-Policy (no remote
 * resource; scripts only by nonce), the viewport, its title (escaped here), what else its head holds and its body.
 */
export function webviewPage(page: { title: string; csp: string; head?: string; body: string }): string {
  // The page scripts' own texts (src/webview/shared/l10n.ts): the translations VS Code loaded, none in English.
  const translations = vscode.l10n.bundle ? `<meta name="dbhost-l10n" content="${escapeHtml(JSON.stringify(vscode.l10n.bundle))}">\n` : '';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(vscode.env.language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${page.csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
${translations}${page.head ?? ''}<title>${escapeHtml(page.title)}</title>
</head>
<body>
${page.body}
</body>
</html>`;
}
