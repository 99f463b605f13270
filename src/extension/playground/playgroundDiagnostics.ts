import * as vscode from 'vscode';
import type { ParsedPlayground, PlaygroundEntry, PlaygroundProblem, SourceRange } from '../../core/playground/playgroundRequest';
import { allProblems } from '../../core/playground/playgroundRequest';
import { Disposable } from '../base/disposable';
import type { PlaygroundParses } from '../kit/playground/playgroundFiles';
import { isPlaygroundDocument } from '../kit/playground/playgroundFiles';

const SOURCE = 'DB Host';

function rangeIn(document: vscode.TextDocument, range: SourceRange): vscode.Range {
  const start = document.positionAt(range.offset);
  const end = document.positionAt(range.offset + Math.max(range.length, 0));
  return new vscode.Range(start, end.isEqual(start) ? document.positionAt(range.offset + 1) : end);
}

/**
 * The problems of every open playground, and what the service said when a query of it failed. A
 * service error stays at its query until that query runs again or the text changes.
 */
export class PlaygroundDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('dbhost.playground'));
  /** Per playground, per query index: the service's failure. */
  private readonly runFailures = new Map<string, Map<number, PlaygroundProblem>>();

  constructor(private readonly parses: PlaygroundParses) {
    super();
    this.register(vscode.workspace.onDidOpenTextDocument((document) => this.refresh(document)));
    this.register(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length === 0) return;
        this.runFailures.delete(event.document.uri.toString());
        this.refresh(event.document);
      }),
    );
    this.register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.runFailures.delete(document.uri.toString());
        this.collection.delete(document.uri);
        this.parses.forget(document);
      }),
    );
    for (const document of vscode.workspace.textDocuments) this.refresh(document);
  }

  refresh(document: vscode.TextDocument): void {
    if (!isPlaygroundDocument(document)) return;
    // The parser may still be loading (in the browser it is fetched); a failure to load it is the host's unhandled rejection.
    void this.parses.get(document).then((parsed) => {
      if (!document.isClosed) this.show(document, parsed);
    });
  }

  private show(document: vscode.TextDocument, parsed: ParsedPlayground): void {
    const problems = allProblems(parsed).map((problem) => this.toDiagnostic(document, problem));
    const failures = [...(this.runFailures.get(document.uri.toString())?.values() ?? [])].map((problem) =>
      this.toDiagnostic(document, problem),
    );
    this.collection.set(document.uri, [...problems, ...failures]);
  }

  /** Shows at the query what went wrong when it ran. */
  showRunFailure(document: vscode.TextDocument, entry: PlaygroundEntry, message: string, range: SourceRange = entry.errorAnchor): void {
    const key = document.uri.toString();
    const failures = this.runFailures.get(key) ?? new Map<number, PlaygroundProblem>();
    failures.set(entry.index, { message, range });
    this.runFailures.set(key, failures);
    this.refresh(document);
  }

  clearRunFailure(document: vscode.TextDocument, entry: PlaygroundEntry): void {
    if (this.runFailures.get(document.uri.toString())?.delete(entry.index)) this.refresh(document);
  }

  private toDiagnostic(document: vscode.TextDocument, problem: PlaygroundProblem): vscode.Diagnostic {
    const diagnostic = new vscode.Diagnostic(rangeIn(document, problem.range), problem.message, vscode.DiagnosticSeverity.Error);
    diagnostic.source = SOURCE;
    return diagnostic;
  }
}
