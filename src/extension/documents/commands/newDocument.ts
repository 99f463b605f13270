import * as vscode from 'vscode';
import { resolveCollection } from '../../explorer/resolveTarget';
import type { Services } from '../../services';
import { documentUri } from '../documentUri';
import type { NewDocumentTemplates } from '../newDocumentTemplates';

/** Opens a "New Document <n>.json" editor for a collection; saving it creates the document. */
export async function newDocument(services: Services, templates: NewDocumentTemplates, arg: unknown): Promise<vscode.Uri> {
  const collection = await resolveCollection(services, arg);
  const uri = templates.create(collection);
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: false });
  return uri;
}

/**
 * Once a new document's first save went through, its editor becomes the real document's: the stored
 * document opens where the template was and the template closes.
 */
export async function replaceSavedTemplate(templates: NewDocumentTemplates, templateUri: vscode.Uri): Promise<void> {
  const created = templates.createdFrom(templateUri);
  if (!created) return;
  const key = templateUri.toString();
  const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === key);
  const viewColumn = tabs[0]?.group.viewColumn ?? vscode.ViewColumn.Active;
  const document = await vscode.workspace.openTextDocument(documentUri(created));
  await vscode.window.showTextDocument(document, { viewColumn, preview: false });
  await vscode.window.tabGroups.close(tabs);
  templates.forget(templateUri);
}
