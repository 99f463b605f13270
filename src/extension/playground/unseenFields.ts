import * as vscode from 'vscode';
import { fieldReferences } from '../../core/playground/completionPlace';
import { findField } from '../../core/schema/inferSchema';
import { notSeenMessage } from '../../core/schema/schemaText';
import { Disposable } from '../base/disposable';
import type { PlaygroundData } from './playgroundData';
import { isPlaygroundDocument } from '../kit/playground/playgroundFiles';

const SETTLE_MS = 300;

/**
 * Marks, as information only, each field name of a playground that its collection's sample never
 * held: most often a typo, but the field may live in documents outside the sample.
 */
export class UnseenFields extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('dbhost.playgroundFields'));
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly data: PlaygroundData) {
    super();
    this.register(vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document)));
    this.register(vscode.workspace.onDidChangeTextDocument((event) => this.schedule(event.document)));
    this.register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.collection.delete(document.uri);
        clearTimeout(this.timers.get(document.uri.toString()));
      }),
    );
    this.register(data.schemas.onDidChange(() => vscode.workspace.textDocuments.forEach((document) => this.schedule(document))));
    this.register({ dispose: () => this.timers.forEach((timer) => clearTimeout(timer)) });
    for (const document of vscode.workspace.textDocuments) this.schedule(document);
  }

  private schedule(document: vscode.TextDocument): void {
    if (!isPlaygroundDocument(document)) return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.refresh(document);
      }, SETTLE_MS),
    );
  }

  /** Checks the playground's field names against the schemas already sampled; a sample taken later checks again. */
  refresh(document: vscode.TextDocument): void {
    const version = document.version;
    const diagnostics: vscode.Diagnostic[] = [];
    for (const reference of fieldReferences(document.getText())) {
      const target = this.data.schemaTargetOf(document.uri, reference.target);
      if (!target) continue;
      const cached = this.data.schemas.cached(target);
      // Only a schema already sampled (for the tree, a completion or a hover): opening a file sends nothing.
      if (!cached) continue;
      if (cached.schema.sampled === 0 || cached.schema.truncated || findField(cached.schema, reference.path)) continue;
      const range = new vscode.Range(
        document.positionAt(reference.range.offset),
        document.positionAt(reference.range.offset + reference.range.length),
      );
      const diagnostic = new vscode.Diagnostic(range, notSeenMessage(reference.path, cached.schema), vscode.DiagnosticSeverity.Information);
      diagnostic.source = 'DB Host';
      diagnostics.push(diagnostic);
    }
    if (document.isClosed || document.version !== version) return;
    this.collection.set(document.uri, diagnostics);
  }
}
