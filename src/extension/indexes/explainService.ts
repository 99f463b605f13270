import * as vscode from 'vscode';
import type { ExplainAnswer } from '../../core/api/explainTypes';
import type { DbHostApi } from '../../core/api/types';
import type { ExplainRequest } from '../../core/indexes/explainArgs';
import type { IndexSuggestion } from '../../core/indexes/suggestIndex';
import { suggestIndex } from '../../core/indexes/suggestIndex';
import { isServiceError } from '../../core/api/serviceError';
import { isExplainKnownAbsent, markExplainAbsent } from '../kit/availability/explainAvailability';
import { isExplainAbsent } from '../kit/availability/explainProbe';
import type { Services } from '../services';

/** The service's word for a failure, else ours. */
export function saidBy(services: Services, error: unknown): string {
  return isServiceError(error) && error.serviceMessage ? error.serviceMessage : services.logger.describe(error);
}

/**
 * The explain of a request, or undefined when the account's service does not offer explain: then it says so
 * once, calmly, and the Explain actions of that account are hidden from then on.
 */
export async function fetchExplain(services: Services, client: DbHostApi, request: ExplainRequest): Promise<ExplainAnswer | undefined> {
  const { db, col, query } = request;
  const label = services.accounts.require(request.accountId).label;
  const notOffered = vscode.l10n.t(
    'The service of "{0}" does not offer Explain, so its Explain actions are hidden. Queries still run as before.',
    label,
  );
  if (isExplainKnownAbsent(client)) {
    void services.prompts.info(notOffered);
    return undefined;
  }
  try {
    return await client.explain(db, col, query);
  } catch (error) {
    if (!isExplainAbsent(error))
      throw new Error(vscode.l10n.t('Could not explain the query on {0}.{1}: {2}', db, col, saidBy(services, error)), { cause: error });
    markExplainAbsent(client);
    services.logger.scoped('explain').info(`The service of "${label}" does not offer explain: ${services.logger.describe(error)}`);
    void services.prompts.info(notOffered);
    return undefined;
  }
}

/** The index that would serve the request, compared with the collection's indexes as they are now. */
export async function suggestionFor(client: DbHostApi, request: ExplainRequest): Promise<IndexSuggestion> {
  const indexes = await client.listIndexes(request.db, request.col);
  return suggestIndex({ q: request.query.q, sort: request.query.sort }, indexes);
}
