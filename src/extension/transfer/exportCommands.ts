import * as vscode from 'vscode';
import { countOf } from '../../core/text/formatCount';
import { asksForScope, checkExportDocumentsArgs } from '../../core/transfer/exportArgs';
import { required } from '../base/registerCommand';
import { resolveCollection } from '../kit/targets/resolveTarget';
import type { Services } from '../services';
import { playgroundQueryAt } from '../kit/playground/playgroundQueryAt';
import { exportToFile } from './exportDocumentsToFile';
import type { TransferFiles } from './transferFiles';

/**
 * "Export Documents…" on a collection: every document, paged by `_id`. Called with a scope
 * (`ExportDocumentsArgs` of core/transfer/exportArgs, as a collection view sends), what a filter matches or chosen documents.
 */
export async function exportCollection(services: Services, files: TransferFiles, arg: unknown): Promise<void> {
  if (asksForScope(arg)) return exportScope(services, files, arg);
  const { accountId, db, col } = await resolveCollection(services, arg);
  return exportToFile(services, files, { accountId, db, col, label: `${db}.${col}` });
}

async function exportScope(services: Services, files: TransferFiles, arg: unknown): Promise<void> {
  const { request, error } = checkExportDocumentsArgs(arg);
  if (!request) throw new Error(error);
  const { accountId, db, col } = request;
  services.accounts.require(accountId);
  if (request.kind === 'pipeline') {
    const label = vscode.l10n.t('the pipeline on {0}.{1}', db, col);
    return exportToFile(services, files, { accountId, db, col, pipeline: request.pipeline, label });
  }
  if (request.kind === 'ids') {
    const label = vscode.l10n.t('the {0} of {1}.{2}', countOf(request.ids.length, 'selected document'), db, col);
    return exportToFile(services, files, {
      accountId,
      db,
      col,
      ids: request.ids,
      ...(request.fields ? { query: { fields: request.fields } } : {}),
      label,
    });
  }
  const label = request.query.q ? vscode.l10n.t('the filter on {0}.{1}', db, col) : `${db}.${col}`;
  // A scope without a sort is what a collection view shows in the service's own order: the file keeps that order.
  return exportToFile(services, files, { accountId, db, col, query: request.query, label, naturalOrder: true });
}

/**
 * "Export Results…" of a playground query: everything its filter matches, in its sort, with its
 * projection; its skip and limit only page the results view and do not bound the export. Of a pipeline:
 * all its results (its `limit`, the page size, does not bound the export either).
 */
export async function exportQueryResults(services: Services, files: TransferFiles, file?: unknown, index?: unknown): Promise<void> {
  const { document, entry } = await playgroundQueryAt(file, index, { toDoIt: vscode.l10n.t('export its results'), verb: 'export' });
  const request = entry.request;
  if (!request) throw new Error(vscode.l10n.t('This query has problems (see the Problems view): fix them to export its results.'));
  if (request.kind === 'aggregate') {
    const accountId = await accountFor(services, request.account);
    services.logger.info(`Exporting the results of pipeline ${entry.index + 1} of ${document.uri.path}`);
    const { database: db, collection: col, pipeline } = request;
    return exportToFile(services, files, { accountId, db, col, pipeline, label: vscode.l10n.t('the pipeline on {0}.{1}', db, col) });
  }
  if (request.kind !== 'find') throw new Error(vscode.l10n.t('This is an update: only the results of a find query can be exported.'));
  const accountId = await accountFor(services, request.account);
  const { q, sort, fields } = request.query;
  services.logger.info(`Exporting the results of query ${entry.index + 1} of ${document.uri.path}`);
  return exportToFile(services, files, {
    accountId,
    db: request.database,
    col: request.collection,
    query: { q, sort, fields },
    label: vscode.l10n.t('the query on {0}.{1}', request.database, request.collection),
  });
}

/** The account the query names by label, else the only one, else the one the user picks. */
async function accountFor(services: Services, label: string | undefined): Promise<string> {
  const accounts = services.accounts.list();
  if (label !== undefined) {
    const named = accounts.find((account) => account.label === label);
    if (!named) throw new Error(vscode.l10n.t('No DB Host account is labelled {0}.', JSON.stringify(label)));
    return named.id;
  }
  if (accounts.length === 0) throw new Error(vscode.l10n.t('Add a DB Host account first: there is no account to export from.'));
  if (accounts.length === 1) return accounts[0].id;
  return required(
    await services.prompts.pick(
      accounts.map((account) => ({ label: account.label, description: account.baseUrl, value: account.id })),
      { title: vscode.l10n.t('Export the results from which account?') },
    ),
  );
}
