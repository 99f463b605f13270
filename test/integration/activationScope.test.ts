import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { productExtensionId } from './support/product';

/** The events that wake the extension, as the installed extension declares them. */
function activationEvents(): string[] {
  const extension = vscode.extensions.getExtension(productExtensionId);
  assert.ok(extension, `${productExtensionId} is not installed`);
  return (extension.packageJSON as { activationEvents?: string[] }).activationEvents ?? [];
}

/**
 * Whether opening `document` would wake the extension. The suite has activated it long before this runs and
 * one extension host cannot hold a second, sleeping instance, so this asks VS Code the question its own
 * activation asks: is there an `onLanguage` event for the language VS Code gave the document, a
 * `workspaceContains` glob that matches it (VS Code's own matcher), or an event that fires whatever is opened?
 */
function wouldActivateOn(document: vscode.TextDocument): string[] {
  return activationEvents().filter((event) => {
    if (event === '*' || event === 'onStartupFinished') return true;
    if (event === `onLanguage:${document.languageId}`) return true;
    if (event.startsWith('workspaceContains:'))
      return vscode.languages.match({ pattern: event.slice('workspaceContains:'.length) }, document) > 0;
    return false;
  });
}

describe('Activation only when the user reaches for DB Host', function () {
  this.timeout(30_000);
  let folder: string;

  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'dbhost-activation-'));
  });

  after(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  const open = async (name: string, text: string) => {
    writeFileSync(join(folder, name), text);
    return vscode.workspace.openTextDocument(vscode.Uri.file(join(folder, name)));
  };

  it('does not wake for a tsconfig.json, a jsconfig.json or a package.json (JSON with comments and JSON)', async () => {
    const opened = [
      await open('tsconfig.json', '{\n  // a comment\n  "compilerOptions": {}\n}\n'),
      await open('jsconfig.json', '{ "compilerOptions": {} }\n'),
      await open('package.json', '{ "name": "x" }\n'),
    ];
    assert.equal(opened[0].languageId, 'jsonc', 'VS Code opens a tsconfig.json as JSON with comments');
    for (const document of opened) assert.deepEqual(wouldActivateOn(document), [], `${document.fileName} would wake the extension`);
  });

  it('wakes for a query playground in the workspace, which keeps the JSON-with-comments language, its schema and completion', async () => {
    const playground = await open('orders.query.json', '{ "database": "shop", "collection": "orders" }\n');
    assert.equal(playground.languageId, 'jsonc');
    assert.deepEqual(wouldActivateOn(playground), ['workspaceContains:**/*.query.json']);
  });
});
