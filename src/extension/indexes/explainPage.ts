import { scriptedPage } from '../kit/display/webviewPage';

/**
 * The page of an explain view: a strict Content-Security-Policy that allows only its own script (by nonce) and
 * style, no remote resources, theme colours through VS Code's CSS variables. It holds no explain itself (the
 * script draws what it is sent) and nothing of the account.
 */
export function explainPageHtml(options: { title: string; scriptUri: string; nonce: string; loading: string }): string {
  return scriptedPage({
    ...options,
    mainId: 'explain',
    style: `  body { max-width: 900px; }
  h2 { font-size: 1.1em; font-weight: 600; margin: 18px 0 6px; border-bottom: 1px solid var(--vscode-panel-border, transparent); padding-bottom: 2px; }
  .before-after { padding: 6px 10px; border-left: 3px solid var(--vscode-charts-green, var(--vscode-focusBorder)); background: var(--vscode-textBlockQuote-background); }
  .summary { font-weight: 600; }
  .details { margin: 4px 0; padding-left: 20px; }
  .actions { display: flex; gap: 8px; margin: 10px 0; flex-wrap: wrap; }
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
`,
    after: `<p id="status" role="status" aria-live="polite"></p>
`,
  });
}
