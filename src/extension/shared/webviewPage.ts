/** Text made safe for HTML. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The frame every webview page of the extension shares: the page's strict Content-Security-Policy (no remote
 * resource; scripts only by nonce), the viewport, its title (escaped here), what else its head holds and its body.
 */
export function webviewPage(page: { title: string; csp: string; head?: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${page.csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
${page.head ?? ''}<title>${escapeHtml(page.title)}</title>
</head>
<body>
${page.body}
</body>
</html>`;
}
