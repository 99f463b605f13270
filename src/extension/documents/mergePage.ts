import { scriptedPage } from '../kit/display/webviewPage';

/**
 * The page of a three-way merge view: a strict Content-Security-Policy that allows only its own script (by nonce)
 * and style, no remote resources, theme colours through VS Code's CSS variables. It holds no document itself (the
 * script draws what it is sent) and nothing of the account.
 */
export function mergePageHtml(options: { title: string; scriptUri: string; nonce: string; loading: string }): string {
  return scriptedPage({
    ...options,
    mainId: 'merge',
    style: `  .note { padding: 6px 10px; border-left: 3px solid var(--vscode-editorWarning-foreground, var(--vscode-focusBorder)); background: var(--vscode-textBlockQuote-background); }
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
  button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 2px; }
  #problem { color: var(--vscode-errorForeground); }
  #problem:empty, #status:empty { display: none; }
`,
    after: `<p id="problem" role="alert"></p>
<p id="status" role="status" aria-live="polite"></p>
`,
  });
}
