import type { FeatureModule } from '../kit/feature/featureModule';
import * as vscode from 'vscode';
import { registerCommand } from '../base/registerCommand';
import type { Services } from '../services';
import { deleteDocument } from './commands/deleteDocument';
import { newDocument, showSavedTemplate } from './commands/newDocument';
import { openDocument, openDocumentById } from './commands/openDocument';
import { DocumentDiagnostics } from './documentDiagnostics';
import { DocumentFileSystem } from './documentFileSystem';
import { DOCUMENT_SCHEME, isNewDocumentUri } from '../kit/targets/documentUri';
import { registerNewDocumentIdLens } from './newDocumentIdLens';
import { NewDocumentTemplates } from './newDocumentTemplates';
import { CommandId } from '../kit/feature/commandIds';
import { lazyPart } from '../base/lazyPart';
import type * as MergeModule from './documentMergeBundle';
import type * as SaveModule from './documentSaveBundle';
import type { MergeViews } from './mergeViews';

export interface DocumentsFeature {
  /** The three-way merge views, loaded on first use: the collection view's cell conflicts open theirs there. */
  documentMerges(): Promise<MergeViews>;
}

/** Documents as files: the `dbhost:` file system and the document commands. */
export function registerDocuments(services: Services): DocumentsFeature {
  const templates = new NewDocumentTemplates(services);
  const fileSystem: DocumentFileSystem = new DocumentFileSystem(services, templates, async (uri, service) =>
    (await merges()).gate.atSave(uri, service),
  );
  const merges = lazyPart('documentMerge', (bundle: typeof MergeModule) => {
    const views = new bundle.MergeViews(services, fileSystem);
    return { views, gate: new bundle.SaveConflictGate(views, (uri) => fileSystem.heldVersion(uri)) };
  });
  const saving = lazyPart<typeof SaveModule>('documentSave');
  const reportFailure = (action: string) => (error: unknown) => services.logger.scoped('documents').error(action, error);
  services.context.subscriptions.push(
    fileSystem,
    new DocumentDiagnostics(),
    registerNewDocumentIdLens(),
    vscode.workspace.registerFileSystemProvider(DOCUMENT_SCHEME, fileSystem, { isCaseSensitive: true }),
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (isNewDocumentUri(document.uri))
        showSavedTemplate(services, templates, document.uri).catch(reportFailure(vscode.l10n.t('Could not open the new document')));
    }),
    registerCommand(services, CommandId.openDocument, (arg: unknown) => openDocument(services, arg)),
    registerCommand(services, CommandId.openDocumentById, (arg: unknown) => openDocumentById(services, arg)),
    registerCommand(services, CommandId.newDocument, (arg: unknown) => newDocument(services, templates, arg)),
    registerCommand(services, CommandId.deleteDocument, (arg: unknown) => deleteDocument(services, fileSystem, arg)),
    registerCommand(services, CommandId.saveDocument, async (arg?: unknown) =>
      (await saving()).saveDocument(
        services,
        {
          heldVersion: (uri) => fileSystem.heldVersion(uri),
          sendBeforeSave: (uri, text) => fileSystem.sendBeforeSave(uri, text),
          offerMerge: async (uri, conflict) => (await merges()).gate.offer(uri, conflict),
        },
        arg,
      ),
    ),
  );
  return {
    documentMerges: async () => (await merges()).views,
  };
}

export const documentsFeature: FeatureModule<void, DocumentsFeature> = {
  name: 'documents',
  register: ({ services }) => registerDocuments(services),
};
