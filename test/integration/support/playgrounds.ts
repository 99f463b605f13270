import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ServiceDocument } from '../../../src/core/api/types';
import { parseLossless } from '../../../src/core/json/lossless';

/** A temporary folder of playground files, written and opened as a person would. */
export class PlaygroundFolder {
  private constructor(readonly folder: string) {}

  /** A new empty folder; `name` tells the suites' folders apart in the temporary directory. */
  static create(name: string): PlaygroundFolder {
    return new PlaygroundFolder(fs.mkdtempSync(path.join(os.tmpdir(), `dbhost-${name}-`)));
  }

  /** Writes `text` to `fileName` in the folder and shows it in the first editor column. */
  async open(fileName: string, text: string): Promise<vscode.TextDocument> {
    const file = path.join(this.folder, fileName);
    fs.writeFileSync(file, text);
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
    return document;
  }

  remove(): void {
    fs.rmSync(this.folder, { recursive: true, force: true });
  }
}

/** The CodeLenses VS Code shows on the document. */
export async function lensesOf(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
  return (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
}

/** Runs the command of a CodeLens as a click on it does; settles once the command has ended. */
export async function runLens(lens: vscode.CodeLens | undefined): Promise<void> {
  assert.ok(lens?.command, 'no such CodeLens');
  await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []));
}

/** Which results a playground shows beside it: a run's or a page's, a stage's preview, or Run All's. */
export type ResultsKind = 'results' | 'preview' | 'all results';

/** The results VS Code shows beside the playground at `playground`, if it shows any of that kind. */
export function shownResults(playground: vscode.Uri, kind: ResultsKind = 'results'): vscode.TextDocument | undefined {
  const scheme = kind === 'all results' ? 'dbhost-run-all' : 'dbhost-results';
  return vscode.window.visibleTextEditors
    .map((editor) => editor.document)
    .find(
      (document) =>
        document.uri.scheme === scheme && document.uri.query === playground.toString() && document.uri.path.endsWith(` ${kind}.jsonc`),
    );
}

/** The results shown beside the playground at `playground`; fails when none are. */
export function resultsBeside(playground: vscode.Uri, kind: ResultsKind = 'results'): vscode.TextDocument {
  const shown = shownResults(playground, kind);
  assert.ok(shown, `no ${kind} shown beside ${playground.path.split('/').pop()}`);
  return shown;
}

/** The documents a results document shows: its text without the comment lines, read as the product reads JSON. */
export function documentsShown(results: vscode.TextDocument): ServiceDocument[] {
  return parseLossless(results.getText().replace(/^\s*\/\/.*$/gm, '')) as ServiceDocument[];
}

/** The first two lines of a results document: what ran, on which account; the count, skip and time. */
export function headerOf(results: vscode.TextDocument): string[] {
  return results.getText().split('\n').slice(0, 2);
}
