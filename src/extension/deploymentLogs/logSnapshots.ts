import * as vscode from 'vscode';
import type { DeploymentLogEntry } from '../../core/api/types';
import type { KnownKeys } from '../../core/text/knownKeys';
import type { VirtualDocuments } from '../base/virtualDocuments';

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

/** Opens a one-off snapshot of a deployment's log as a read-only document (its text let go when it is closed). */
export async function openLogSnapshot(
  documents: VirtualDocuments,
  keys: KnownKeys,
  deployment: string,
  entries: readonly DeploymentLogEntry[],
): Promise<void> {
  const kind = {
    scheme: logSnapshotScheme,
    gone: vscode.l10n.t('This log snapshot was closed; run "Show Logs" again for a new one.\n'),
  };
  const uri = documents.keep(kind, `${deployment}.log`, snapshotText(deployment, entries, new Date(), keys));
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: false });
}
