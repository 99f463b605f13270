import * as vscode from 'vscode';
import { renderSchemaReport } from '../../core/schema/schemaText';
import { Disposable } from '../base/disposable';
import type { Services } from '../services';
import type { SchemaStore, SchemaTarget } from '../kit/playground/schemaStore';

export const SCHEMA_SCHEME = 'dbhost-schema';

/** The address of a collection's schema report: the account's id (never its key), the database and collection. */
export function schemaReportUri(target: SchemaTarget): vscode.Uri {
  return vscode.Uri.from({
    scheme: SCHEMA_SCHEME,
    path: `/${target.db}.${target.col} schema.txt`,
    query: new URLSearchParams({ account: target.accountId, db: target.db, col: target.col }).toString(),
  });
}

function targetOf(uri: vscode.Uri): SchemaTarget {
  const query = new URLSearchParams(uri.query);
  return { accountId: query.get('account') ?? '', db: query.get('db') ?? '', col: query.get('col') ?? '' };
}

/** Read-only schema reports, computed from their address; an open report follows a refreshed sample. */
export class SchemaReports extends Disposable {
  constructor(
    private readonly services: Services,
    private readonly schemas: SchemaStore,
  ) {
    super();
    const documents = services.virtualDocuments;
    this.register(documents.computed({ scheme: SCHEMA_SCHEME, text: (uri) => this.text(uri) }));
    this.register(
      schemas.onDidChange((target) => {
        const uri = schemaReportUri(target);
        if (schemas.cached(target) && vscode.workspace.textDocuments.some((document) => document.uri.toString() === uri.toString()))
          documents.refresh(uri);
      }),
    );
  }

  private async text(uri: vscode.Uri): Promise<string> {
    const target = targetOf(uri);
    const account = this.services.accounts.list().find((candidate) => candidate.id === target.accountId);
    if (!account) return vscode.l10n.t('The account of this schema is no longer in DB Host.\n');
    const cached = await this.schemas.get(target);
    return renderSchemaReport(cached.schema, {
      accountLabel: account.label,
      db: target.db,
      col: target.col,
      total: cached.total,
      sampledAt: cached.sampledAt,
    });
  }

  /** Opens the report of a collection, sampling it first when it has no schema yet. */
  async show(target: SchemaTarget): Promise<void> {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Sampling {0}.{1}', target.db, target.col) },
      () => this.schemas.get(target),
    );
    const document = await vscode.workspace.openTextDocument(schemaReportUri(target));
    await vscode.window.showTextDocument(document, { preview: true });
  }
}
