import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';

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

/** Runs the command of a CodeLens as a click on it does. */
export async function runLens<T>(lens: vscode.CodeLens | undefined): Promise<T> {
  assert.ok(lens?.command, 'no such CodeLens');
  return vscode.commands.executeCommand<T>(lens.command.command, ...(lens.command.arguments ?? []));
}
