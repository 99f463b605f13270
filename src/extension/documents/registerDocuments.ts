import type { FeatureModule } from '../kit/feature/featureModule';
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { RunAfterActivation } from '../base/afterActivation';
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
import type { LazyPart } from '../base/lazyPart';
import type * as MergeModule from './documentMergeBundle';
import type * as SaveModule from './documentSaveBundle';
import type { MergeViews } from './mergeViews';

export interface DocumentsFeature {
  /** The three-way merge views, loaded on first use: the collection view's cell conflicts open theirs there. */
  documentMerges(): Promise<MergeViews>;
}

/** What the document commands share with the file system: new documents' templates, the files, merges and saving. */
interface Documents {
  readonly templates: NewDocumentTemplates;
  readonly fileSystem: DocumentFileSystem;
  readonly merges: LazyPart<{ views: MergeViews; gate: MergeModule.SaveConflictGate }>;
  readonly saving: LazyPart<typeof SaveModule>;
}

/** Documents as files: the `dbhost:` file system, and what shows a new document once saved. */
function registerDocuments(services: Services, afterActivation: RunAfterActivation): Documents {
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
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (isNewDocumentUri(document.uri))
        showSavedTemplate(services, templates, document.uri).catch(reportFailure(vscode.l10n.t('Could not open the new document')));
    }),
  );
  // Once what it would leave behind is held: VS Code refuses a scheme already served.
  services.context.subscriptions.push(vscode.workspace.registerFileSystemProvider(DOCUMENT_SCHEME, fileSystem, { isCaseSensitive: true }));
  afterActivation('the lens of new documents', () => services.context.subscriptions.push(registerNewDocumentIdLens()));
  afterActivation('the squiggles of documents that do not parse', () => services.context.subscriptions.push(new DocumentDiagnostics()));
  return { templates, fileSystem, merges, saving };
}

export const documentsFeature: FeatureModule<void, DocumentsFeature, Documents> = {
  name: 'documents',
  commands: {
    [CommandId.openDocument]: ({ services }, arg: unknown) => openDocument(services, arg),
    [CommandId.openDocumentById]: ({ services }, arg: unknown) => openDocumentById(services, arg),
    [CommandId.newDocument]: ({ services, own }, arg: unknown) => newDocument(services, own.templates, arg),
    [CommandId.deleteDocument]: ({ services, own }, arg: unknown) => deleteDocument(services, own.fileSystem, arg),
    [CommandId.saveDocument]: async ({ services, own: { fileSystem, merges, saving } }, arg?: unknown) =>
      (await saving()).saveDocument(
        services,
        {
          heldVersion: (uri) => fileSystem.heldVersion(uri),
          sendBeforeSave: (uri, text) => fileSystem.sendBeforeSave(uri, text),
          offerMerge: async (uri, conflict) => (await merges()).gate.offer(uri, conflict),
        },
        arg,
      ),
  },
  register: ({ services, afterActivation }) => registerDocuments(services, afterActivation),
  gives: ({ merges }) => ({ documentMerges: async () => (await merges()).views }),
};
