import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as vscode from 'vscode';

/**
 * The extension's package.json as VS Code shows it in English: `extension.packageJSON` keeps the `%key%`
 * placeholders, which VS Code fills from the installed package.nls.json when it draws the contributions.
 */
export function shownManifest<T>(extension: vscode.Extension<unknown>): T {
  const nls = JSON.parse(fs.readFileSync(path.join(extension.extensionPath, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const replace = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const key = /^%([^%\s]+)%$/.exec(value)?.[1];
      return key !== undefined && key in nls ? nls[key] : value;
    }
    if (Array.isArray(value)) return value.map(replace);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, replace(inner)]));
    return value;
  };
  return replace(extension.packageJSON) as T;
}
