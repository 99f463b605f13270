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

/** What every page drawn by its own script shares: body text, headings and buttons in the theme's colours. */
const SCRIPTED_PAGE_STYLE = `
  body { color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); padding: 0 20px 20px; line-height: 1.45; }
  h1 { font-size: 1.35em; font-weight: 600; margin: 14px 0 6px; }
  button { font: inherit; padding: 4px 12px; cursor: pointer; border: 1px solid var(--vscode-button-border, transparent); }
  button.primary { color: var(--vscode-button-foreground); background: var(--vscode-button-background); }
  button.primary:hover { background: var(--vscode-button-hoverBackground); }
  button.secondary { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); }
  button.secondary:hover { background: var(--vscode-button-secondaryHoverBackground); }
  button:disabled { opacity: 0.5; cursor: default; }
`;

/**
 * A page drawn by its own script from the messages it is sent: the strict policy (script and style only by nonce, no
 * remote resources), the shared style and the page's own, `loading` in `<main id=mainId>` until the script draws
 * there, then `after` (the page's status lines) and the script.
 */
export function scriptedPage(page: {
  title: string;
  scriptUri: string;
  nonce: string;
  loading: string;
  mainId: string;
  style: string;
  after: string;
}): string {
  const { nonce } = page;
  return webviewPage({
    title: page.title,
    csp: `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}';`,
    head: `<style nonce="${nonce}">${SCRIPTED_PAGE_STYLE}${page.style}</style>\n`,
    body: `<main id="${escapeHtml(page.mainId)}"><p>${escapeHtml(page.loading)}</p></main>
${page.after}<script nonce="${nonce}" src="${page.scriptUri}"></script>`,
  });
}
