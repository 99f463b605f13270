import * as vscode from 'vscode';
import { idKeyText } from '../../core/documents/documentId';
import type { Services } from '../services';
import { parseDocumentUri } from '../kit/targets/documentUri';
import type { DocumentMerges, MergeWrite } from '../kit/writes/documentMerge';
import type { MergeRecorder } from './mergeWrite';
import { mergeWriter } from './mergeWrite';
import { MergePanel } from './mergePanel';
import type { SaveConflict } from './saveConflict';
import { askAboutConflict } from './askAboutConflict';

export const MERGE_VIEW_TYPE = 'dbhost.mergeView';

/** The open three-way merge views, one per document: a new merge of a document replaces its open one. */
export class MergeViews implements DocumentMerges {
  private readonly panels = new Map<string, MergePanel>();

  constructor(
    private readonly services: Services,
    private readonly recorder: MergeRecorder,
  ) {}

  /**
   * A save met a change made on the service to a field the user changed too: offers Merge… (this view) or VS Code's
   * own Compare / Overwrite. 'vscode': the save goes on to VS Code's choice; otherwise it waits, the edit kept.
   */
  async offer(uri: vscode.Uri, conflict: SaveConflict): Promise<'vscode' | 'waiting'> {
    const choice = await askAboutConflict(this.services, uri, conflict);
    if (choice === 'merge') this.open(uri, conflict);
    return choice === 'vscode' ? 'vscode' : 'waiting';
  }

  /** Opens the merge view of a document; Save Merge saves through `write`, by default into the document's editor. */
  open(uri: vscode.Uri, conflict: SaveConflict, write: MergeWrite = mergeWriter(this.services, this.recorder)): void {
    const key = uri.toString();
    this.panels.get(key)?.panel.dispose();
    const title = vscode.l10n.t('Merge {0}', idKeyText(parseDocumentUri(uri).docId));
    const panel = vscode.window.createWebviewPanel(
      MERGE_VIEW_TYPE,
      title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
      { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(this.services.context.extensionUri, 'dist')] },
    );
    const state = { base: conflict.base.document, mine: conflict.mine, theirs: conflict.current, editorText: conflict.text };
    const view = new MergePanel(panel, uri, state, this.services, write);
    this.panels.set(key, view);
    view.onDidClose(() => {
      if (this.panels.get(key) === view) this.panels.delete(key);
    });
  }

  /** The open merge view of a document, if any. */
  of(uri: vscode.Uri): MergePanel | undefined {
    return this.panels.get(uri.toString());
  }
}
