import { escapeHtml, webviewPage } from '../shared/webviewPage';

/**
 * The page of a three-way merge view: a strict Content-Security-Policy that allows only its own script (by nonce)
 * and style, no remote resources, theme colours through VS Code's CSS variables. It holds no document itself (the
 * script draws what it is sent) and nothing of the account.
 */
export function mergePageHtml(options: { title: string; scriptUri: string; nonce: string; loading: string }): string {
  const { title, scriptUri, nonce, loading } = options;
  return webviewPage({
    title,
    csp: `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}';`,
    head: `<style nonce="${nonce}">
  body { color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); padding: 0 20px 20px; line-height: 1.45; }
  h1 { font-size: 1.35em; font-weight: 600; margin: 14px 0 6px; }
  .note { padding: 6px 10px; border-left: 3px solid var(--vscode-editorWarning-foreground, var(--vscode-focusBorder)); background: var(--vscode-textBlockQuote-background); }
  fieldset { border: 1px solid var(--vscode-panel-border, var(--vscode-widget-border, transparent)); margin: 12px 0; padding: 8px 12px; }
  fieldset.conflict { border-color: var(--vscode-editorWarning-foreground, var(--vscode-focusBorder)); }
  legend { font-weight: 600; padding: 0 4px; }
  legend code { font-family: var(--vscode-editor-font-family); }
  .status { font-weight: normal; color: var(--vscode-descriptionForeground); margin-left: 6px; }
  .versions { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px; }
  .version h3 { font-size: 1em; font-weight: 600; margin: 4px 0; }
  .change { color: var(--vscode-descriptionForeground); font-weight: normal; }
  pre, textarea { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); }
  pre { background: var(--vscode-textCodeBlock-background); padding: 6px; margin: 0; overflow: auto; white-space: pre-wrap; word-break: break-word; }
  .absent { font-style: italic; color: var(--vscode-descriptionForeground); }
  .choices { display: flex; flex-wrap: wrap; gap: 14px; margin: 8px 0 4px; }
  textarea { width: 100%; box-sizing: border-box; min-height: 4em; color: var(--vscode-input-foreground); background: var(--vscode-input-background); border: 1px solid var(--vscode-input-border, transparent); }
  textarea:disabled { opacity: 0.6; }
  .hint { color: var(--vscode-descriptionForeground); margin: 2px 0; }
  .actions { display: flex; gap: 8px; margin: 14px 0; }
  button { font: inherit; padding: 4px 12px; cursor: pointer; border: 1px solid var(--vscode-button-border, transparent); }
  button.primary { color: var(--vscode-button-foreground); background: var(--vscode-button-background); }
  button.primary:hover { background: var(--vscode-button-hoverBackground); }
  button.secondary { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); }
  button.secondary:hover { background: var(--vscode-button-secondaryHoverBackground); }
  button:disabled { opacity: 0.5; cursor: default; }
  button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 2px; }
  #problem { color: var(--vscode-errorForeground); }
  #problem:empty, #status:empty { display: none; }
</style>
`,
    body: `<main id="merge"><p>${escapeHtml(loading)}</p></main>
<p id="problem" role="alert"></p>
<p id="status" role="status" aria-live="polite"></p>
<script nonce="${nonce}" src="${scriptUri}"></script>`,
  });
}
