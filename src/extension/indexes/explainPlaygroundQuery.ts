import * as vscode from 'vscode';
import { entryAt } from '../../core/playground/playgroundRequest';
import type { PlaygroundEntry } from '../../core/playground/playgroundRequest';
import { playgroundParser } from '../shared/loadPlaygroundParser';
import type { PlaygroundAccountBinding } from '../shared/playgroundFiles';
import { isPlaygroundDocument } from '../shared/playgroundFiles';
import type { Services } from '../services';
import type { ExplainViews } from './explainViews';
import type { ExplainOutcome } from './explainQuery';
import { explainAndShow } from './explainQuery';

async function locateQuery(file: unknown, index: unknown): Promise<{ document: vscode.TextDocument; entry: PlaygroundEntry }> {
  if (file !== undefined) {
    const document = await vscode.workspace.openTextDocument(file instanceof vscode.Uri ? file : vscode.Uri.parse(String(file)));
    const entries = playgroundParser()(document.getText()).entries;
    const entry = typeof index === 'number' ? entries.find((candidate) => candidate.index === index) : entries[0];
    if (!entry) throw new Error('That query is no longer in the playground.');
    return { document, entry };
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor || !isPlaygroundDocument(editor.document))
    throw new Error('Open a query playground (a .query.json file) and put the cursor in a query to explain it.');
  const entry = entryAt(playgroundParser()(editor.document.getText()), editor.document.offsetAt(editor.selection.active));
  if (!entry) throw new Error('The playground holds no query to explain.');
  return { document: editor.document, entry };
}

/** "Explain" above a playground query (or the query under the cursor): its plan, against the account it runs against. */
export async function explainPlaygroundQuery(
  services: Services,
  views: ExplainViews,
  accounts: PlaygroundAccountBinding,
  file?: unknown,
  index?: unknown,
): Promise<ExplainOutcome | undefined> {
  const { document, entry } = await locateQuery(file, index);
  const request = entry.request;
  if (!request) {
    void services.prompts.warn('This query has problems (see the Problems view): fix them to explain it. Nothing was sent.');
    return undefined;
  }
  if (request.kind !== 'find')
    throw new Error('This is an update: only a find query can be explained. Explain a query with its criteria as "q".');
  const account = await accounts.resolve(document.uri, request.account, services.prompts);
  return explainAndShow(services, views, { accountId: account.id, db: request.database, col: request.collection, query: request.query });
}
