import * as vscode from 'vscode';
import { stringifyLossless } from '../../core/json/lossless';
import type { JsonObject } from '../../core/json/lossless';
import { pageQuery } from '../../core/table/viewState';
import { freshUntitledUri } from '../kit/playground/playgroundFiles';
import type { Services } from '../services';
import { aggregateOffered } from '../kit/availability/aggregateProbe';
import type { CollectionViews } from './collectionViews';

/** A new pipeline playground's text: a `$match` of the view's filter, then a `$group` to start from. */
export function pipelinePlaygroundText(accountLabel: string, db: string, col: string, filter: JsonObject): string {
  const query = {
    account: accountLabel,
    database: db,
    collection: col,
    pipeline: [{ $match: filter }, { $group: { _id: null, count: { $sum: 1 } } }],
  };
  return [
    `// Aggregation pipeline on ${db}.${col}, starting from the collection view's filter. "Preview to here" above a stage shows`,
    '// a sample of the documents after it; "Run" runs the whole pipeline. Ctrl+Space completes stages, operators and fields.',
    stringifyLossless([query], 2),
    '',
  ].join('\n');
}

/** "Aggregate…" in a collection view's title bar: a new playground on its collection with a `$match` of its filter. */
export async function aggregateViewFilter(services: Services, views: CollectionViews): Promise<void> {
  const view = views.frontView();
  if (!view) throw new Error(vscode.l10n.t('Open a collection view and bring it to the front to aggregate its documents.'));
  const { source, state } = view.session;
  const { q, error } = pageQuery(state);
  if (error) throw new Error(vscode.l10n.t('{0}. Fix the filter to start a pipeline from it.', error));
  const account = services.accounts.require(source.accountId);
  if (!(await aggregateOffered(await services.accounts.clientFor(account.id), source.db, source.col))) {
    void services.prompts.info(
      vscode.l10n.t('The service of "{0}" does not offer aggregation pipelines: no pipeline playground was opened.', account.label),
    );
    return;
  }
  let document = await vscode.workspace.openTextDocument(freshUntitledUri(source.col));
  if (document.languageId !== 'jsonc') document = await vscode.languages.setTextDocumentLanguage(document, 'jsonc');
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  await editor.edit((edit) =>
    edit.insert(new vscode.Position(0, 0), pipelinePlaygroundText(account.label, source.db, source.col, q ?? {})),
  );
}
