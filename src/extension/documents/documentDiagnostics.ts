import * as vscode from 'vscode';
import { Disposable } from '../base/disposable';
import { DocumentTextError, parseDocumentText } from '../../core/documents/documentText';
import { DOCUMENT_SCHEME } from '../kit/targets/documentUri';

/**
 * Why a document editor's text cannot be saved, shown where it is: invalid JSON is squiggled at the
 * place the parser stopped, and cleared as soon as the text parses. An error marker also keeps VS Code
 * from auto-saving the half-typed text (`files.autoSaveWhenNoErrors`, which the extension turns on for
 * JSON), so a pause mid-edit saves nothing and raises nothing; the next valid text saves as usual.
 */
export class DocumentDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('dbhost.documents'));

  constructor() {
    super();
    this.register(vscode.workspace.onDidOpenTextDocument((document) => this.refresh(document)));
    this.register(vscode.workspace.onDidChangeTextDocument((event) => this.refresh(event.document)));
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.collection.delete(document.uri)));
    for (const document of vscode.workspace.textDocuments) this.refresh(document);
  }

  private refresh(document: vscode.TextDocument): void {
    if (document.uri.scheme !== DOCUMENT_SCHEME) return;
    const problem = textProblem(document);
    if (problem) this.collection.set(document.uri, [problem]);
    else this.collection.delete(document.uri);
  }
}

function textProblem(document: vscode.TextDocument): vscode.Diagnostic | undefined {
  try {
    parseDocumentText(document.getText());
    return undefined;
  } catch (error) {
    if (!(error instanceof DocumentTextError)) return undefined;
    const start = document.positionAt(error.offset ?? 0);
    const end = document.positionAt((error.offset ?? 0) + 1);
    const diagnostic = new vscode.Diagnostic(
      new vscode.Range(start, end.line === start.line ? end : start),
      error.message.replace(/ at line \d+, column \d+\.$/, '.'),
      vscode.DiagnosticSeverity.Error,
    );
    diagnostic.source = 'DB Host';
    return diagnostic;
  }
}
