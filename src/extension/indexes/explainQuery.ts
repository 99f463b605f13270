import type { ExplainRequest } from '../../core/indexes/explainArgs';
import { checkExplainArgs } from '../../core/indexes/explainArgs';
import type { Services } from '../services';
import type { ExplainViews } from './explainViews';
import { fetchExplain, suggestionFor } from './explainService';

/** Explains a request and opens its view; opens none when the service does not offer explain. */
export async function explainAndShow(services: Services, views: ExplainViews, request: ExplainRequest): Promise<void> {
  const client = await services.accounts.clientFor(request.accountId);
  const answer = await fetchExplain(services, client, request);
  if (!answer) return;
  const suggestion = await suggestionFor(client, request);
  views.show({ request, answer, suggestion });
  services.logger.scoped('explain').info(`Explained a query on ${request.db}.${request.col}: ${answer.plan.stage}`);
}

/** dbhost.explainQuery: `{accountId, db, col, query}` from any caller (a collection view's filter, a slow query). */
export async function explainQuery(services: Services, views: ExplainViews, arg: unknown): Promise<void> {
  const request = checkExplainArgs(arg);
  services.accounts.require(request.accountId);
  await explainAndShow(services, views, request);
}
