import * as vscode from 'vscode';
import { stringifyLossless } from '../../core/json/lossless';
import { resolveCollection } from '../kit/targets/resolveTarget';
import type { Services } from '../services';
import type { PlaygroundAccounts } from './playgroundAccounts';
import { freshUntitledUri } from '../kit/playground/playgroundFiles';

/** The text of a new playground on a collection: a commented starting query, ready to run. */
export function playgroundTemplate(db: string, col: string, accountLabel: string | undefined): string {
  const query = {
    ...(accountLabel === undefined ? {} : { account: accountLabel }),
    database: db,
    collection: col,
    q: {},
    sort: { _id: -1 },
    limit: 20,
  };
  const body = stringifyLossless([query], 2);
  return [
    `// Query playground for ${db}.${col}. Run a query with the "Run" CodeLens above it, or Ctrl+Enter (Cmd+Enter) inside it.`,
    '// JSON with comments: add queries to the array; hover a property for help, Ctrl+Space for what can go here.',
    '// A bulk update: {"database": …, "collection": …, "update": {"criteria": {…}, "object": {"$set": {…}}, "multi": true}}',
    body,
    '',
  ].join('\n');
}

/** Opens a prefilled untitled `.query.json` on a collection. */
export async function newQueryPlayground(services: Services, accounts: PlaygroundAccounts, arg: unknown): Promise<void> {
  const { accountId, db, col } = await resolveCollection(services, arg);
  const account = services.accounts.require(accountId);
  const named = services.accounts.list().length > 1 ? account.label : undefined;
  const uri = freshUntitledUri(col);
  accounts.remember(uri, accountId);
  let document = await vscode.workspace.openTextDocument(uri);
  if (document.languageId !== 'jsonc') document = await vscode.languages.setTextDocumentLanguage(document, 'jsonc');
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), playgroundTemplate(db, col, named)));
}
