import * as vscode from 'vscode';
import type { JsonValue } from '../../core/json/lossless';
import { stringifyLossless } from '../../core/json/lossless';
import type { Services } from '../services';
import type { DetailsRequest } from './detailsRequest';
import { detailsRequestOf } from './detailsRequest';

/** The text of a read-only JSON document of what the service says about a database, a collection, a deployment, an invoice or a plan. */
export async function detailsText(services: Services, uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
  const abort = new AbortController();
  const subscription = token.onCancellationRequested(() => abort.abort());
  try {
    const value = await fetchDetails(services, detailsRequestOf(uri), abort.signal);
    return `${stringifyLossless(value, 2)}\n`;
  } finally {
    subscription.dispose();
  }
}

async function fetchDetails(services: Services, request: DetailsRequest, signal: AbortSignal): Promise<JsonValue> {
  const client = await services.accounts.clientFor(request.accountId);
  switch (request.kind) {
    case 'database':
      return (await client.getDatabase(request.db, { signal })) as JsonValue;
    case 'collection':
      return client.getCollectionStats(request.db, request.col, { signal });
    case 'deployment':
      return client.getDeployment(request.deployment, { signal });
    case 'invoice':
      return client.getInvoice(request.invoice, { signal });
    case 'plan': {
      const plans = await client.listPlans({ signal });
      const plan = plans.find((record) => record.slug === request.plan);
      if (!plan) throw new Error(vscode.l10n.t('The plan {0} is no longer offered.', request.plan));
      return plan as JsonValue;
    }
  }
}
