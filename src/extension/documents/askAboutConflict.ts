import * as vscode from 'vscode';
import { fieldList } from '../../core/documents/concurrentChanges';
import { idKeyText } from '../../core/documents/documentId';
import type { Services } from '../services';
import { parseDocumentUri } from '../kit/targets/documentUri';
import type { SaveConflict } from './saveConflict';

/** Merge… (the three-way merge view) or VS Code's own Compare / Overwrite; undefined: the save waits, the edit kept. */
export async function askAboutConflict(
  services: Services,
  uri: vscode.Uri,
  conflict: SaveConflict,
): Promise<'merge' | 'vscode' | undefined> {
  return services.prompts.pick<'merge' | 'vscode'>(
    [
      {
        label: vscode.l10n.t('Merge…'),
        description: vscode.l10n.t('see your version, the service’s and the one you started from, field by field, and combine them'),
        value: 'merge',
      },
      {
        label: vscode.l10n.t('Compare or Overwrite…'),
        description: vscode.l10n.t('VS Code’s own choice for a file changed since it was opened'),
        value: 'vscode',
      },
    ],
    {
      title: vscode.l10n.t(
        'Document {0} changed on the service since you opened it, in fields you changed too: {1}',
        idKeyText(parseDocumentUri(uri).docId),
        fieldList(conflict.overlapping),
      ),
      placeHolder: vscode.l10n.t('Merge…, or Compare or Overwrite…; Escape keeps your edit unsaved'),
    },
  );
}
