import * as vscode from 'vscode';
import type { Services } from '../services';
import type { ExplainViews } from './explainViews';
import type { ExplainOutcome } from './explainQuery';
import { fetchExplain, suggestionFor } from './explainService';

/** The explain view whose URI a CodeLens or the editor gives, or the active one. */
export function explainViewUri(arg: unknown): vscode.Uri {
  const uri =
    arg instanceof vscode.Uri ? arg : typeof arg === 'string' ? vscode.Uri.parse(arg) : vscode.window.activeTextEditor?.document.uri;
  if (!uri) throw new Error(vscode.l10n.t('Open an explain first: Explain is above each playground query and on slow queries.'));
  return uri;
}

/** "Explain Again" above an explain view: the same query, explained now, in the same view. */
export async function explainAgain(services: Services, views: ExplainViews, arg: unknown): Promise<ExplainOutcome | undefined> {
  const uri = explainViewUri(arg);
  const state = views.stateOf(uri);
  if (!state)
    throw new Error(
      vscode.l10n.t('This explain is no longer kept: explain the query again from its playground, collection view or slow query.'),
    );
  const client = await services.accounts.clientFor(state.request.accountId);
  const answer = await fetchExplain(services, client, state.request);
  if (!answer) return undefined;
  const suggestion = await suggestionFor(client, state.request);
  views.update(uri, { request: state.request, answer, suggestion });
  return { uri: uri.toString(), answer, suggestion };
}
