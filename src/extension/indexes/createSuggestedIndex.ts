import * as vscode from 'vscode';
import { beforeAndAfter } from '../../core/indexes/planInWords';
import { isCancellation } from '../base/registerCommand';
import type { Services } from '../services';
import type { ExplainViewState, ExplainViews } from './explainViews';
import { explainViewUri } from './explainAgain';
import { fetchExplain, saidBy, suggestionFor } from './explainService';
import { waitForIndexBuild } from './waitForIndexBuild';

/** A write the account's mode refused (the guardrails bundle's WriteRefusedError, told by name across bundles). */
const isRefusal = (error: unknown) => error instanceof Error && error.name === 'WriteRefusedError';

async function createIndex(
  services: Services,
  views: ExplainViews,
  uri: Parameters<ExplainViews['update']>[0],
  state: ExplainViewState,
): Promise<void> {
  const { request, suggestion } = state;
  if (suggestion.kind !== 'create') throw new Error(vscode.l10n.t('There is no index to create: {0}', suggestion.why));
  const client = await services.accounts.clientFor(request.accountId);
  try {
    // Through the account's client: its guardrails decide (Read-only refuses, Confirm writes asks).
    await client.createIndex(request.db, request.col, { spec: suggestion.spec, background: true });
  } catch (error) {
    if (isRefusal(error)) views.update(uri, { ...state, refusal: services.logger.describe(error) });
    if (isRefusal(error) || isCancellation(error)) throw error;
    throw new Error(
      vscode.l10n.t('Could not create the index {0} on {1}.{2}: {3}', suggestion.name, request.db, request.col, saidBy(services, error)),
      {
        cause: error,
      },
    );
  }
  services.changes.fire({ accountId: request.accountId, db: request.db, col: request.col }, 'indexes');
  services.logger.scoped('explain').info(`Created the suggested index ${suggestion.name} on ${request.db}.${request.col}`);
}

/**
 * "Create Index k_1 and Explain Again" above an explain view: creates the suggested index, waits for its
 * build (cancellable: the build goes on), explains the same query again and shows before → after.
 */
export async function createSuggestedIndex(services: Services, views: ExplainViews, arg: unknown): Promise<void> {
  const uri = explainViewUri(views, arg);
  const state = views.stateOf(uri);
  if (!state) throw new Error(vscode.l10n.t('This explain view is closed: explain the query again to create its suggested index.'));
  const { request, suggestion } = state;
  await createIndex(services, views, uri, state);
  const name = suggestion.kind === 'create' ? suggestion.name : '';
  const target = `${request.db}.${request.col}`;
  const client = await services.accounts.clientFor(request.accountId);
  if ((await waitForIndexBuild(client, request.db, request.col, name)) === 'stopped') {
    void services.prompts.info(
      vscode.l10n.t(
        'Stopped waiting for {0} on {1}: it goes on building on the service. Use Explain Again once it is built.',
        name,
        target,
      ),
    );
    return;
  }
  services.changes.fire({ accountId: request.accountId, db: request.db, col: request.col }, 'indexes');
  const after = await fetchExplain(services, client, request);
  if (!after) return;
  views.update(uri, { request, answer: after, before: state.answer, suggestion: await suggestionFor(client, request) });
  void services.prompts.info(
    vscode.l10n.t('Created the index {0} on {1}. {2}.', name, target, capitalised(beforeAndAfter(state.answer, after))),
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
