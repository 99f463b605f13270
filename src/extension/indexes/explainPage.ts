import { escapeHtml, webviewPage } from '../shared/webviewPage';

/**
 * The page of an explain view: a strict Content-Security-Policy that allows only its own script (by nonce) and
 * style, no remote resources, theme colours through VS Code's CSS variables. It holds no explain itself (the
 * script draws what it is sent) and nothing of the account.
 */
export function explainPageHtml(options: { title: string; scriptUri: string; nonce: string; loading: string }): string {
  const { title, scriptUri, nonce, loading } = options;
  return webviewPage({
    title,
    csp: `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}';`,
    head: `<style nonce="${nonce}">
  body { color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); padding: 0 20px 20px; line-height: 1.45; max-width: 900px; }
  h1 { font-size: 1.35em; font-weight: 600; margin: 14px 0 6px; }
  h2 { font-size: 1.1em; font-weight: 600; margin: 18px 0 6px; border-bottom: 1px solid var(--vscode-panel-border, transparent); padding-bottom: 2px; }
  .before-after { padding: 6px 10px; border-left: 3px solid var(--vscode-charts-green, var(--vscode-focusBorder)); background: var(--vscode-textBlockQuote-background); }
  .summary { font-weight: 600; }
  .details { margin: 4px 0; padding-left: 20px; }
  .actions { display: flex; gap: 8px; margin: 10px 0; flex-wrap: wrap; }
  button { font: inherit; padding: 4px 12px; cursor: pointer; border: 1px solid var(--vscode-button-border, transparent); }
  button.primary { color: var(--vscode-button-foreground); background: var(--vscode-button-background); }
  button.primary:hover { background: var(--vscode-button-hoverBackground); }
  button.secondary { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); }
  button.secondary:hover { background: var(--vscode-button-secondaryHoverBackground); }
  button:disabled { opacity: 0.5; cursor: default; }
  button:focus-visible, summary:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 2px; }
  .stages, .stages ul { list-style: none; margin: 0; padding-left: 0; }
  .stages ul { margin-left: 9px; padding-left: 16px; border-left: 1px solid var(--vscode-tree-indentGuidesStroke, var(--vscode-descriptionForeground)); }
  .stages li { margin: 6px 0; }
  .stage-name { font-family: var(--vscode-editor-font-family); color: var(--vscode-symbolIcon-functionForeground, var(--vscode-foreground)); }
  .stage-note { color: var(--vscode-descriptionForeground); }
  .figures { display: grid; grid-template-columns: max-content auto; gap: 0 12px; margin: 2px 0 0 0; }
  .figures dt { color: var(--vscode-descriptionForeground); }
  .figures dd { margin: 0; font-variant-numeric: tabular-nums; }
  code, pre { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); }
  code { background: var(--vscode-textCodeBlock-background); padding: 1px 4px; }
  pre { background: var(--vscode-textCodeBlock-background); padding: 8px; overflow: auto; white-space: pre-wrap; word-break: break-word; }
  .refusal { color: var(--vscode-errorForeground); }
  details.raw { margin-top: 18px; }
  summary { cursor: pointer; font-weight: 600; }
  #status:empty { display: none; }
</style>
`,
    body: `<main id="explain"><p>${escapeHtml(loading)}</p></main>
<p id="status" role="status" aria-live="polite"></p>
<script nonce="${nonce}" src="${scriptUri}"></script>`,
  });
}
