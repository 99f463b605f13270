/*
 * base/lazyPart.ts as the browser bundle has it (esbuild.web.js puts this file in its place): a web worker has no
 * synchronous require (VS Code blocks importScripts there), so a part, with the chunks it needs that are not loaded
 * yet, is fetched from dist/web/ the first time it is awaited and defined in the one module table of the web graph
 * (kit/lazy/webModules.ts), which evaluates each file once: a module the part shares with the rest is not copied.
 */
import * as vscode from 'vscode';
import type { AwaitedPart, LazyPart } from './base/lazyPart';
import type { WebModules } from './kit/lazy/webModules';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the table dist/web/extension.js hands every file of the graph
const modules = require('dbhost:webModules') as WebModules;

/** dist/web/ of the installed extension; set by the browser's activate before any part is awaited. */
let partsFolder: vscode.Uri | undefined;
const loading = new Map<string, Promise<unknown>>();

export function loadPartsFrom(extensionUri: vscode.Uri): void {
  partsFolder = vscode.Uri.joinPath(extensionUri, 'dist', 'web');
}

export function lazyPart<T>(part: AwaitedPart): LazyPart<T>;
export function lazyPart<T, R>(part: AwaitedPart, start: (loaded: T) => R): LazyPart<R>;
export function lazyPart<T, R>(part: AwaitedPart, start?: (loaded: T) => R): LazyPart<R> {
  let made: Promise<R> | undefined;
  return (): Promise<R> => {
    // Forgotten on any failure, the fetch's or the start's, so that the next use tries again (as the desktop's does).
    made ??= loadedPart(`${part}.js`)
      .then((loaded) => (start ? start(loaded as T) : (loaded as R)))
      .catch((error: unknown) => {
        made = undefined;
        throw error;
      });
    return made;
  };
}

function loadedPart(file: string): Promise<unknown> {
  let exports = loading.get(file);
  if (!exports) {
    exports = fetchMissing(file).then(() => modules.require(file));
    loading.set(file, exports);
    exports.catch(() => loading.delete(file));
  }
  return exports;
}

async function fetchMissing(file: string): Promise<void> {
  const folder = partsFolder;
  if (!folder) throw new Error(`DB Host could not load ${file}: it is not activated`);
  const texts = await Promise.all(
    modules.missing(file).map(async (name) => {
      const uri = vscode.Uri.joinPath(folder, name).toString(true);
      // The worker's fetch, which VS Code makes read file: and vscode-remote: URIs through the workbench, as it does for the main.
      const response = await globalThis.fetch(uri);
      if (!response.ok) throw new Error(`DB Host could not load ${name}: ${response.status} ${response.statusText}`.trim());
      return { name, uri, text: await response.text() };
    }),
  );
  for (const { name, uri, text } of texts) modules.define(name, text, uri);
}
