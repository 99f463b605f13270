import * as vscode from 'vscode';
import type { Services } from '../services';
import { DOCUMENT_SCHEME } from '../kit/targets/documentUri';
import type { DocumentRules } from './documentRules';

const isDocumentFile = (document: vscode.TextDocument): boolean => document.uri.scheme === DOCUMENT_SCHEME;

/**
 * Documents edited as files, as their collection's rules see them, once dist/rules.mjs is loaded (at the first
 * document shown; registerRules.ts wakes it): checked as the user types, quick fixes, the warning after a save.
 */
export function watchDocuments(services: Services, rules: DocumentRules): vscode.Disposable[] {
  const report = (error: unknown) => services.logger.scoped('rules').warn(`Could not check a document: ${services.logger.describe(error)}`);
  return [
    vscode.workspace.onDidChangeTextDocument(({ document }) => {
      if (isDocumentFile(document)) rules.update(document).catch(report);
    }),
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (isDocumentFile(document)) rules.afterSave(document).catch(report);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (isDocumentFile(document)) rules.forget(document.uri);
    }),
    vscode.languages.registerCodeActionsProvider(
      { scheme: DOCUMENT_SCHEME },
      { provideCodeActions: (document, range) => rules.fixes(document, range) },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
  ];
}
