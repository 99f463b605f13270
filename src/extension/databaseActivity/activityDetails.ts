import * as vscode from 'vscode';
import type { JsonObject } from '../../core/json/lossless';
import { stringifyLossless } from '../../core/json/lossless';

import type { Services } from '../services';

const ACTIVITY_SCHEME = 'dbhost-activity';
let shared: ActivityDetails | undefined;

/** The one provider of the window, registered the first time details are shown. */
export function activityDetails(services: Services): ActivityDetails {
  if (!shared) {
    shared = new ActivityDetails();
    services.context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(ACTIVITY_SCHEME, shared));
  }
  return shared;
}

/**
 * Read-only JSON documents of current and slow operations, as the service sent them. The text is kept
 * here while the window is open; the URI holds a title and a number, never the key.
 */
export class ActivityDetails implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private next = 1;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.query) ?? vscode.l10n.t('// These details are no longer kept: open them again from the DB Host tree.\n');
  }

  async show(title: string, entry: JsonObject): Promise<vscode.TextDocument> {
    const id = String(this.next++);
    this.texts.set(id, `${stringifyLossless(entry, 2)}\n`);
    const uri = vscode.Uri.from({ scheme: ACTIVITY_SCHEME, path: `/${title.replace(/[/\\]/g, '_')}.json`, query: id });
    let document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== 'json') document = await vscode.languages.setTextDocumentLanguage(document, 'json');
    await vscode.window.showTextDocument(document, { preview: true });
    return document;
  }
}
