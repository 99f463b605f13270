import Module from 'node:module';
import { join } from 'node:path';

// Makes `require('vscode')` (which is what `import * as vscode from 'vscode'` compiles to here) load the fake in
// this folder, so the extension's modules run in plain Node and share one instance of the fake with the test.
const fake = join(__dirname, 'vscode.ts');
type Resolve = (request: string, ...rest: unknown[]) => string;
const moduleWithResolve = Module as unknown as { _resolveFilename: Resolve };
const resolve = moduleWithResolve._resolveFilename;
moduleWithResolve._resolveFilename = function (request: string, ...rest: unknown[]): string {
  return resolve.call(this, request === 'vscode' ? fake : request, ...rest);
};
