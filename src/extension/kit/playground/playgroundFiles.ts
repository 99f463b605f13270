import * as vscode from 'vscode';
import type { Account } from '../accounts/account';
import type { Prompts } from '../../base/prompts';
import type { ParsedPlayground } from '../../../core/playground/playgroundRequest';
import { playgroundParser } from '../lazy/loadPlaygroundParser';

export const PLAYGROUND_SUFFIX = '.query.json';

export function isPlaygroundDocument(document: vscode.TextDocument): boolean {
  return document.uri.path.toLowerCase().endsWith(PLAYGROUND_SUFFIX);
}

/** An untitled playground name not yet taken in this window: `orders.query.json`, `orders-2.query.json`, … */
export function freshUntitledUri(col: string): vscode.Uri {
  const taken = new Set(vscode.workspace.textDocuments.map((document) => document.uri.toString()));
  const base = col.replace(/[\\/:*?"<>|]/g, '_');
  for (let n = 1; ; n++) {
    const uri = vscode.Uri.from({ scheme: 'untitled', path: `${base}${n === 1 ? '' : `-${n}`}${PLAYGROUND_SUFFIX}` });
    if (!taken.has(uri.toString())) return uri;
  }
}

/** Parses each playground once per version of its text: diagnostics, lenses and runs all ask for it. */
export class PlaygroundParses {
  private readonly cache = new Map<string, { version: number; parsed: ParsedPlayground }>();

  async get(document: vscode.TextDocument): Promise<ParsedPlayground> {
    const key = document.uri.toString();
    const { version } = document;
    const text = document.getText();
    const cached = this.cache.get(key);
    if (cached && cached.version === version) return cached.parsed;
    const parsed = (await playgroundParser())(text);
    this.cache.set(key, { version, parsed });
    return parsed;
  }

  forget(document: vscode.TextDocument): void {
    this.cache.delete(document.uri.toString());
  }
}

/** The account a playground's query runs against, as the playground feature binds it (other features get it from the composition root). */
export interface PlaygroundAccountBinding {
  resolve(file: vscode.Uri, label: string | undefined, prompts: Prompts): Promise<Account>;
}
