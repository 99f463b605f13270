import * as vscode from 'vscode';
import { resolveCollection } from '../../kit/targets/resolveTarget';
import { revealInExplorer } from '../../kit/targets/revealInExplorer';
import type { Services } from '../../services';
import { collectionLabel, documentUri } from '../../kit/targets/documentUri';
import type { NewDocumentTemplates } from '../newDocumentTemplates';
import { idKeyText } from '../../../core/documents/documentId';

/** Opens a "New Document <n>.json" editor for a collection; saving it creates the document. */
export async function newDocument(services: Services, templates: NewDocumentTemplates, arg: unknown): Promise<void> {
  const collection = await resolveCollection(services, arg);
  const document = await vscode.workspace.openTextDocument(templates.create(collection));
  await vscode.window.showTextDocument(document, { preview: false });
}

/**
 * Once a new document's first save went through, its editor becomes the real document's: the stored
 * document opens where the template was and the template closes.
 */
export async function replaceSavedTemplate(templates: NewDocumentTemplates, templateUri: vscode.Uri): Promise<void> {
  const created = templates.createdFrom(templateUri);
  if (!created) return;
  const key = templateUri.toString();
  const tabs = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === key);
  const viewColumn = tabs[0]?.group.viewColumn ?? vscode.ViewColumn.Active;
  const document = await vscode.workspace.openTextDocument(documentUri(created));
  await vscode.window.showTextDocument(document, { viewColumn, preview: false });
  await vscode.window.tabGroups.close(tabs);
  templates.forget(templateUri);
}

/**
 * {@link replaceSavedTemplate} after a save; when the stored document cannot be opened, says that it was
 * created all the same (the template's editor stays) and offers to open it again.
 */
export async function showSavedTemplate(services: Services, templates: NewDocumentTemplates, templateUri: vscode.Uri): Promise<void> {
  for (;;) {
    try {
      const created = templates.createdFrom(templateUri);
      await replaceSavedTemplate(templates, templateUri);
      if (created) revealInExplorer(created, { onlyIfVisible: true });
      return;
    } catch (error) {
      const created = templates.createdFrom(templateUri);
      if (!created) throw error;
      services.logger
        .scoped('documents')
        .error(
          vscode.l10n.t('Created document {0} in {1}, but could not open it', idKeyText(created.docId), collectionLabel(created)),
          error,
        );
      const action = 'Open Document';
      const choice = await services.prompts.warn(
        vscode.l10n.t(
          'The document was created in {0} with _id {1}, but it could not be opened: {2}',
          collectionLabel(created),
          idKeyText(created.docId),
          services.logger.describe(error),
        ),
        action,
      );
      if (choice !== action) return;
    }
  }
}
