import * as vscode from 'vscode';

export const DETAILS_SCHEME = 'dbhost-details';

/** What a details document shows. It travels in the document's URI, which never holds the key. */
export type DetailsRequest =
  | { kind: 'database'; accountId: string; db: string }
  | { kind: 'collection'; accountId: string; db: string; col: string }
  | { kind: 'deployment'; accountId: string; deployment: string }
  | { kind: 'invoice'; accountId: string; invoice: string | number }
  | { kind: 'plan'; accountId: string; plan: string };

/** The title of the editor tab: what is shown and what it is. */
function titleOf(request: DetailsRequest): string {
  switch (request.kind) {
    case 'database':
      return `${request.db} (database)`;
    case 'collection':
      return `${request.db}.${request.col} (statistics)`;
    case 'deployment':
      return `${request.deployment} (deployment)`;
    case 'invoice':
      return `Invoice ${request.invoice}`;
    case 'plan':
      return `${request.plan} (plan)`;
  }
}

export function detailsUri(request: DetailsRequest): vscode.Uri {
  const title = titleOf(request).replace(/[/\\]/g, '_');
  return vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/${title}.json`, query: JSON.stringify(request) });
}

export function detailsRequestOf(uri: vscode.Uri): DetailsRequest {
  const request = JSON.parse(uri.query) as DetailsRequest;
  if (typeof request !== 'object' || request === null || typeof request.accountId !== 'string') {
    throw new Error(vscode.l10n.t('{0} does not name DB Host details', uri.toString()));
  }
  return request;
}
