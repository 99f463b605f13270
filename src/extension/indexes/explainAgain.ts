import * as vscode from 'vscode';
import type { Services } from '../services';
import type { ExplainViews } from './explainViews';
import { fetchExplain, suggestionFor } from './explainService';

/** The explain view whose URI a button or a caller gives, or the one in front. */
export function explainViewUri(views: ExplainViews, arg: unknown): vscode.Uri {
  const uri = arg instanceof vscode.Uri ? arg : typeof arg === 'string' ? vscode.Uri.parse(arg) : views.active()?.uri;
  if (!uri) throw new Error(vscode.l10n.t('Open an explain first: Explain is above each playground query and on slow queries.'));
  return uri;
}

/** "Explain Again" above an explain view: the same query, explained now, in the same view. */
export async function explainAgain(services: Services, views: ExplainViews, arg: unknown): Promise<void> {
  const uri = explainViewUri(views, arg);
  const view = views.viewOf(uri);
  const state = view?.state;
  if (!view || !state)
    throw new Error(
      vscode.l10n.t('This explain view is closed: explain the query again from its playground, collection view or slow query.'),
    );
  const client = await services.accounts.clientFor(state.request.accountId);
  const answer = await fetchExplain(services, client, state.request);
  if (!answer) return;
  const suggestion = await suggestionFor(client, state.request);
  view.update({ request: state.request, answer, suggestion });
}
