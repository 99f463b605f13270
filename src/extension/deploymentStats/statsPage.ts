import * as vscode from 'vscode';
import { escapeHtml, webviewPage } from '../kit/display/webviewPage';

/**
 * The page of the statistics view: a strict Content-Security-Policy that allows only its own script (by
 * nonce) and style, no remote resources, theme colours through VS Code's CSS variables. It holds the
 * deployment's name and nothing of the account.
 */
export function statsPageHtml(options: { deployment: string; scriptUri: string; nonce: string }): string {
  const { deployment, scriptUri, nonce } = options;
  return webviewPage({
    title: vscode.l10n.t('Statistics of {0}', deployment),
    csp: `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src data:;`,
    head: `<style nonce="${nonce}">
  body { color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); padding: 0 16px 16px; }
  h1 { font-size: 1.3em; font-weight: 600; margin: 12px 0 4px; }
  header p { margin: 4px 0; color: var(--vscode-descriptionForeground); }
  button { color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: 1px solid var(--vscode-button-border, transparent); padding: 4px 12px; cursor: pointer; }
  button:hover { background: var(--vscode-button-hoverBackground); }
  button:focus-visible, summary:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 2px; }
  .chart { margin: 16px 0 0; max-width: 760px; }
  figcaption { font-weight: 600; margin-bottom: 4px; }
  svg { width: 100%; height: auto; overflow: visible; }
  .axis { stroke: var(--vscode-foreground); stroke-width: 1; opacity: 0.6; }
  .tick { fill: var(--vscode-descriptionForeground); font-size: 11px; }
  .legend { list-style: none; padding: 0; margin: 4px 0 0; display: flex; flex-wrap: wrap; gap: 4px 16px; }
  .legend svg { width: 24px; height: 10px; vertical-align: middle; }
  body.vscode-high-contrast .series, body.vscode-high-contrast-light .series { stroke-width: 3; }
  body.vscode-high-contrast .axis, body.vscode-high-contrast-light .axis { opacity: 1; }
  details { margin-top: 16px; }
  table { border-collapse: collapse; margin-top: 8px; }
  caption { text-align: left; margin-bottom: 4px; color: var(--vscode-descriptionForeground); }
  th, td { border: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, currentColor)); padding: 2px 8px; text-align: right; }
  th { font-weight: 600; }
</style>
`,
    body: `<header>
  <h1>${escapeHtml(vscode.l10n.t('Statistics of {0}', deployment))}</h1>
  <p id="members"></p>
  <button id="refresh" type="button">${escapeHtml(vscode.l10n.t('Refresh Now'))}</button>
  <p id="status" role="status" aria-live="polite">${escapeHtml(vscode.l10n.t('Loading…'))}</p>
</header>
<main id="charts"></main>
<script nonce="${nonce}" src="${scriptUri}"></script>`,
  });
}
