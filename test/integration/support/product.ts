import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** `publisher.name` from package.json. */
export const productExtensionId = 'dbhost.dbhost';

/** The built local service of the installed product (its dist/service.js), for `startServiceInChild`'s `script`. */
export function installedServiceScript(): string {
  const extension = vscode.extensions.getExtension(productExtensionId);
  assert.ok(extension, `the product extension ${productExtensionId} is not installed`);
  return path.join(extension.extensionPath, 'dist', 'service.js');
}
