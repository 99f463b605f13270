import * as vscode from 'vscode';
import type { PlaygroundAccountBinding } from '../kit/playground/playgroundFiles';
import type { Services } from '../services';
import type { ExplainViews } from './explainViews';
import { explainAndShow } from './explainQuery';
import { playgroundQueryAt } from '../kit/playground/playgroundQueryAt';

/** "Explain" above a playground query (or the query under the cursor): its plan, against the account it runs against. */
export async function explainPlaygroundQuery(
  services: Services,
  views: ExplainViews,
  accounts: PlaygroundAccountBinding,
  file?: unknown,
  index?: unknown,
): Promise<void> {
  const { document, entry } = await playgroundQueryAt(file, index, { toDoIt: 'explain it', verb: 'explain' });
  const request = entry.request;
  if (!request) {
    void services.prompts.warn(vscode.l10n.t('This query has problems (see the Problems view): fix them to explain it. Nothing was sent.'));
    return;
  }
  if (request.kind === 'aggregate')
    throw new Error(
      vscode.l10n.t('This is a pipeline: only a find query can be explained here. Explain its leading $match as a find with "q".'),
    );
  if (request.kind !== 'find')
    throw new Error(vscode.l10n.t('This is an update: only a find query can be explained. Explain a query with its criteria as "q".'));
  const account = await accounts.resolve(document.uri, request.account, services.prompts);
  await explainAndShow(services, views, { accountId: account.id, db: request.database, col: request.collection, query: request.query });
}
