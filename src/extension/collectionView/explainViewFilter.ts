import * as vscode from 'vscode';
import { pageQuery } from '../../core/table/viewState';
import { CommandId } from '../kit/feature/commandIds';
import type { CollectionViews } from './collectionViews';

/** "Explain" in a collection view's title bar: its filter, sort, projection and page, explained through dbhost.explainQuery. */
export async function explainViewFilter(views: CollectionViews): Promise<void> {
  const view = views.frontView();
  if (!view) throw new Error(vscode.l10n.t('Open a collection view and bring it to the front to explain its filter.'));
  const { source, state } = view.session;
  const { error, ...query } = pageQuery(state);
  if (error) throw new Error(vscode.l10n.t('{0}. Fix the filter to explain it.', error));
  await vscode.commands.executeCommand(CommandId.explainQuery, { accountId: source.accountId, db: source.db, col: source.col, query });
}
