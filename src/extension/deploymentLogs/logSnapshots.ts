import * as vscode from 'vscode';
import type { DeploymentLogEntry } from '../../core/api/types';
import type { KnownKeys } from '../../core/text/knownKeys';
import { Disposable } from '../base/disposable';

export const logSnapshotScheme = 'dbhost-log';

/** The log as one text: each member's log under its name when there are several. */
export function snapshotText(deployment: string, entries: readonly DeploymentLogEntry[], takenAt: Date, keys: KnownKeys): string {
  const heading = `Log of ${deployment} as of ${takenAt.toISOString()}`;
  if (entries.length === 0) return vscode.l10n.t('{0}\n\n(The log is empty.)\n', heading);
  const members = new Set(entries.map((entry) => entry.member ?? ''));
  const body = entries
    .map((entry) => {
      const text = entry.log.endsWith('\n') ? entry.log : `${entry.log}\n`;
      return members.size > 1 || entry.member ? `=== ${entry.member ?? vscode.l10n.t('(no member named)')} ===\n${text}` : text;
    })
    .join('\n');
  return keys.redact(`${heading}\n\n${body}`);
}

/** One-off snapshots of deployment logs, opened as read-only documents; each is dropped when closed. */
export class LogSnapshots extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private taken = 0;

  constructor(private readonly keys: KnownKeys) {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(logSnapshotScheme, this));
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.texts.delete(document.uri.toString())));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? vscode.l10n.t('This log snapshot was closed; run "Show Logs" again for a new one.\n');
  }

  async open(deployment: string, entries: readonly DeploymentLogEntry[]): Promise<vscode.TextDocument> {
    const uri = vscode.Uri.from({ scheme: logSnapshotScheme, path: `/${deployment.replace(/\//g, '_')}.log`, query: String(++this.taken) });
    this.texts.set(uri.toString(), snapshotText(deployment, entries, new Date(), this.keys));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: false });
    return document;
  }

  override dispose(): void {
    super.dispose();
    this.texts.clear();
  }
}
