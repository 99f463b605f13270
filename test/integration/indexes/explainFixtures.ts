import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DbHostApi } from '../../../src/core/api/types';
import type { TestApi } from '../../../src/extension/extension';
import { lensesOf } from '../support/playgrounds';
import { waitFor } from '../support/waitFor';

/** A collection of `count` documents `{_id: i, k: i % 10, n: i}`, so `{k: 7}` matches a tenth of them. */
export async function seedItems(
  testing: TestApi,
  client: DbHostApi,
  accountId: string,
  db: string,
  col: string,
  count: number,
): Promise<void> {
  await client.createCollection(db, col);
  for (let i = 0; i < count; i++) await client.createDocument(db, col, { _id: i, k: i % 10, n: i }, { safe: true });
  // Made behind the extension's back, so tell the tree as the extension's own commands would.
  testing.services.changes.fire({ accountId, db }, 'collections');
}

export const explainLensOf = async (uri: vscode.Uri) =>
  (await lensesOf(uri)).find((lens) => lens.command?.command === 'dbhost.explainPlaygroundQuery');

/** The text of an explain view once it holds `expected`. */
export function viewText(uri: string, expected: string | RegExp): Promise<string> {
  return waitFor(
    async () => {
      const text = (await vscode.workspace.openTextDocument(vscode.Uri.parse(uri))).getText();
      return (typeof expected === 'string' ? text.includes(expected) : expected.test(text)) && text;
    },
    { event: vscode.workspace.onDidChangeTextDocument },
  );
}

/** The command of a lens above an explain view whose title starts so. */
export async function viewLens(uri: string, title: string): Promise<vscode.CodeLens> {
  const lens = (await lensesOf(vscode.Uri.parse(uri))).find((candidate) =>
    candidate.command?.title.replace(/^\$\([\w-]+\)\s*/, '').startsWith(title),
  );
  assert.ok(lens?.command, `no "${title}" lens above the explain view`);
  return lens;
}

export function playgroundText(account: string, db: string, col: string, query: Record<string, unknown>): string {
  return `${JSON.stringify({ account, database: db, collection: col, ...query }, null, 2)}\n`;
}
