import * as vscode from 'vscode';
import type { JsonObject } from '../../core/json/lossless';
import { stringifyLossless } from '../../core/json/lossless';

const COMPARE_SCHEME = 'dbhost-compare';

/** Read-only texts for VS Code's diff editor: a document as loaded beside the document as the service holds it now. */
export class CompareDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private next = 0;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(COMPARE_SCHEME, this);

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '';
  }

  async show(title: string, loaded: JsonObject, current: JsonObject): Promise<void> {
    const id = ++this.next;
    const left = `/${id}/loaded.json`;
    const right = `/${id}/service.json`;
    this.texts.set(left, `${stringifyLossless(loaded, 2)}\n`);
    this.texts.set(right, `${stringifyLossless(current, 2)}\n`);
    await vscode.commands.executeCommand(
      'vscode.diff',
      vscode.Uri.from({ scheme: COMPARE_SCHEME, path: left }),
      vscode.Uri.from({ scheme: COMPARE_SCHEME, path: right }),
      title,
    );
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}
