import * as vscode from 'vscode';
import type { JsonValue } from '../../core/json/lossless';
import { stringifyLossless } from '../../core/json/lossless';
import type { Services } from '../services';
import type { DetailsRequest } from './detailsRequest';
import { detailsRequestOf } from './detailsRequest';
import { Disposable } from '../base/disposable';

/** Read-only JSON documents of what the service says about a database, a collection, a deployment, an invoice or a plan. */
export class DetailsContentProvider extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly services: Services) {
    super();
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const abort = new AbortController();
    const subscription = token.onCancellationRequested(() => abort.abort());
    try {
      const value = await this.fetch(detailsRequestOf(uri), abort.signal);
      return `${stringifyLossless(value, 2)}\n`;
    } finally {
      subscription.dispose();
    }
  }

  /** Fetches the details again for an open document. */
  refresh(uri: vscode.Uri): void {
    this.changed.fire(uri);
  }

  private async fetch(request: DetailsRequest, signal: AbortSignal): Promise<JsonValue> {
    const client = await this.services.accounts.clientFor(request.accountId);
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
}
