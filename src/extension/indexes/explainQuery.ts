import type { ExplainAnswer } from '../../core/api/explainTypes';
import type { ExplainRequest } from '../../core/indexes/explainArgs';
import { checkExplainArgs } from '../../core/indexes/explainArgs';
import type { IndexSuggestion } from '../../core/indexes/suggestIndex';
import type { Services } from '../services';
import type { ExplainPanel } from './explainPanel';
import type { ExplainViews } from './explainViews';
import { fetchExplain, suggestionFor } from './explainService';

/** What an explain gives back (the integration tests read it): the view it opened, the answer and the suggestion. */
export interface ExplainOutcome {
  /** The view's name, which Create Index and Explain Again take. */
  uri: string;
  view: ExplainPanel;
  answer: ExplainAnswer;
  suggestion: IndexSuggestion;
}

/** Explains a request and opens its view; undefined when the service does not offer explain. */
export async function explainAndShow(
  services: Services,
  views: ExplainViews,
  request: ExplainRequest,
): Promise<ExplainOutcome | undefined> {
  const client = await services.accounts.clientFor(request.accountId);
  const answer = await fetchExplain(services, client, request);
  if (!answer) return undefined;
  const suggestion = await suggestionFor(client, request);
  const view = views.show({ request, answer, suggestion });
  services.logger.scoped('explain').info(`Explained a query on ${request.db}.${request.col}: ${answer.plan.stage}`);
  return { uri: view.uri.toString(), view, answer, suggestion };
}

/** dbhost.explainQuery: `{accountId, db, col, query}` from any caller (a collection view's filter, a slow query). */
export async function explainQuery(services: Services, views: ExplainViews, arg: unknown): Promise<ExplainOutcome | undefined> {
  const request = checkExplainArgs(arg);
  services.accounts.require(request.accountId);
  return explainAndShow(services, views, request);
}
