/*
 * base/lazyPart.ts as the browser bundle has it (esbuild.web.js puts this file in its place): a web worker has no
 * synchronous require (VS Code blocks importScripts there), so a part is fetched from dist/web/ the first time it
 * is awaited and evaluated as a CommonJS module, as VS Code's web-worker extension host loads an extension's
 * browser main itself (fetch, then `new Function('module', 'exports', 'require', text)`). A composition root: it
 * hands each part the objects the main bundle holds, `vscode` and the loaders, so there is one of each.
 */
import * as vscode from 'vscode';
import type { LazyPart } from './base/lazyPart';
import * as lazyModuleWeb from './lazyModuleWeb';

/** dist/web/ of the installed extension; set by the browser's activate before any part is awaited. */
let partsFolder: vscode.Uri | undefined;
const evaluated = new Map<string, Promise<unknown>>();

export function loadPartsFrom(extensionUri: vscode.Uri): void {
  partsFolder = vscode.Uri.joinPath(extensionUri, 'dist', 'web');
}

export function lazyPart<T>(file: string): LazyPart<T>;
export function lazyPart<T, R>(file: string, start: (loaded: T) => R): LazyPart<R>;
export function lazyPart<T, R>(file: string, start?: (loaded: T) => R): LazyPart<R> {
  let made: Promise<R> | undefined;
  return (): Promise<R> => {
    made ??= evaluatedPart(file).then(
      (loaded) => (start ? start(loaded as T) : (loaded as R)),
      (error: unknown) => {
        made = undefined;
        throw error;
      },
    );
    return made;
  };
}

function evaluatedPart(file: string): Promise<unknown> {
  let exports = evaluated.get(file);
  if (!exports) {
    exports = fetchAndEvaluate(file);
    evaluated.set(file, exports);
    exports.catch(() => evaluated.delete(file));
  }
  return exports;
}

async function fetchAndEvaluate(file: string): Promise<unknown> {
  if (!partsFolder) throw new Error(`DB Host could not load ${file}: it is not activated`);
  const uri = vscode.Uri.joinPath(partsFolder, file);
  // The worker's fetch, which VS Code makes read file: and vscode-remote: URIs through the workbench, as it does for the main.
  const response = await globalThis.fetch(uri.toString(true));
  if (!response.ok) throw new Error(`DB Host could not load ${file}: ${response.status} ${response.statusText}`.trim());
  const text = await response.text();
  const module: { exports: unknown } = { exports: {} };
  // The extension's own file, evaluated as VS Code evaluates its main.
  const evaluate = new Function('module', 'exports', 'require', `${text}\n//# sourceURL=${uri.toString(true)}`);
  evaluate(module, module.exports, requireOfParts);
  return module.exports;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the very object VS Code handed this bundle, handed on to its parts
const vscodeApi: unknown = require('vscode');
const shared: Readonly<Record<string, unknown>> = {
  vscode: vscodeApi,
  // esbuild.web.js leaves these two out of every part, so a part's parts load through this one loader.
  'dbhost:lazyPart': { lazyPart },
  'dbhost:lazyModule': lazyModuleWeb,
};

function requireOfParts(id: string): unknown {
  if (!Object.hasOwn(shared, id)) throw new Error(`A part of DB Host asked for ${id}, which the browser does not have`);
  return shared[id];
}
