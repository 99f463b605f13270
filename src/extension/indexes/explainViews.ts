import * as vscode from 'vscode';
import type { Services } from '../services';
import type { ExplainViewState } from './explainPanel';
import { ExplainPanel } from './explainPanel';
import { EXPLAIN_SCHEME, EXPLAIN_VIEW_TYPE } from './explainScheme';

export type { ExplainViewState } from './explainPanel';

/** The open explain views, each named by a `dbhost-explain:` URI holding a title and a number. */
export class ExplainViews {
  private readonly panels = new Map<string, ExplainPanel>();
  private next = 1;

  constructor(private readonly services: Services) {}

  /** The view a URI names; undefined once it is closed. */
  viewOf(uri: vscode.Uri): ExplainPanel | undefined {
    return uri.scheme === EXPLAIN_SCHEME ? this.panels.get(uri.query) : undefined;
  }

  stateOf(uri: vscode.Uri): ExplainViewState | undefined {
    return this.viewOf(uri)?.state;
  }

  /** The explain view in front, if one is. */
  active(): ExplainPanel | undefined {
    return [...this.panels.values()].find((view) => view.panel.active);
  }

  /** Opens a new view beside the active editor. */
  show(state: ExplainViewState): ExplainPanel {
    const id = String(this.next++);
    const title = vscode.l10n.t('Explain {0} · {1}.{2}', id, state.request.db, state.request.col);
    const uri = vscode.Uri.from({ scheme: EXPLAIN_SCHEME, path: `/explain ${id}`, query: id });
    const panel = vscode.window.createWebviewPanel(
      EXPLAIN_VIEW_TYPE,
      title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
      { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(this.services.context.extensionUri, 'dist')] },
    );
    const view = new ExplainPanel(panel, uri, state, this.services);
    this.panels.set(id, view);
    panel.onDidDispose(() => this.panels.delete(id));
    return view;
  }

  update(uri: vscode.Uri, state: ExplainViewState): void {
    this.viewOf(uri)?.update(state);
  }
}
