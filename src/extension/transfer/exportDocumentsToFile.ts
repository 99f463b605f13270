import * as vscode from 'vscode';
import type { DbHostApi, DocumentQuery } from '../../core/api/types';
import type { JsonObject, JsonValue } from '../../core/json/lossless';
import { countOf } from '../../core/text/formatCount';
import { ColumnCollector } from '../../core/transfer/csvDocuments';
import { documentWriter } from '../../core/transfer/documentWriter';
import { exportDocumentsByIds, firstSliceOf } from '../../core/transfer/exportByIds';
import type { ExportOptions, ExportProgress } from '../../core/transfer/exportOptions';
import { ExportCancelledError, exportDocuments } from '../../core/transfer/exportRun';
import { exportPipeline } from '../../core/transfer/pipelineExport';
import type { TransferFormat } from '../../core/transfer/formats';
import { FORMAT_EXTENSIONS, FORMAT_LABELS } from '../../core/transfer/formats';
import { required } from '../base/registerCommand';
import { setting } from '../base/settings';
import type { Services } from '../services';
import type { TransferFiles } from './transferFiles';
import { withTransferProgress } from './transferProgress';

export interface ExportSource {
  accountId: string;
  db: string;
  col: string;
  /** A playground query's or a collection view's filter, sort and projection; absent for a whole collection. */
  query?: Pick<DocumentQuery, 'q' | 'sort' | 'fields'>;
  /** Exactly these documents, in this order (with `query.fields` as the projection); absent to export the query. */
  ids?: readonly JsonValue[];
  /** A playground pipeline's stages: its results are exported (absent for documents of the collection). */
  pipeline?: readonly JsonObject[];
  /** Without a sort, write in the service's own order (what a collection view without a sort shows), not `_id` order. */
  naturalOrder?: boolean;
  /** How the source is named in titles: "sales.orders" or "the query on sales.orders". */
  label: string;
}

/** The columns a CSV export offers: those of the first 100 documents, in the order they appear. */
async function askColumns(services: Services, source: ExportSource): Promise<string[]> {
  const sample = await sampleOf(await services.accounts.clientFor(source.accountId), source);
  const collector = new ColumnCollector();
  for (const document of sample.documents) collector.add(document);
  const answer = required(
    await services.prompts.input({
      title: vscode.l10n.t('Columns of the CSV export of {0}', source.label),
      prompt: vscode.l10n.t('Comma-separated; nested fields as dotted paths (address.city). Arrays and objects are written as JSON text.'),
      value: collector.columns.join(','),
      validateInput: (text) => (columnsOf(text).length === 0 ? vscode.l10n.t('Name at least one column') : undefined),
    }),
  );
  return columnsOf(answer);
}

/** Up to 100 of the documents the export would write, whose fields make the columns offered. */
function sampleOf(client: DbHostApi, source: ExportSource) {
  if (source.pipeline) return client.aggregate(source.db, source.col, source.pipeline, { limit: 100 });
  const sampleQuery = source.ids ? { q: { _id: { $in: firstSliceOf(source.ids) } }, fields: source.query?.fields } : source.query;
  return client.listDocuments(source.db, source.col, { ...sampleQuery, limit: 100 });
}

/** Streams the source into the file: a pipeline's results, documents by `_id`, or what a query matches. */
function exportOf(source: ExportSource, run: Omit<ExportOptions, 'query'>) {
  if (source.pipeline) return exportPipeline({ ...run, pipeline: source.pipeline });
  return source.ids
    ? exportDocumentsByIds({ ...run, ids: source.ids, fields: projectionOf(source.query?.fields) })
    : exportDocuments({ ...run, query: source.query, naturalOrder: source.naturalOrder });
}

/** An inclusion projection as export by `_id` takes it; anything else exports whole documents. */
function projectionOf(fields: DocumentQuery['fields']): Record<string, 1> | undefined {
  if (!fields || Array.isArray(fields)) return undefined;
  const entries = Object.entries(fields);
  return entries.every(([, include]) => include === 1) ? (Object.fromEntries(entries) as Record<string, 1>) : undefined;
}

function columnsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((column) => column.trim())
        .filter((column) => column !== ''),
    ),
  ];
}

/**
 * Asks the format (and for CSV the columns) and the file, then streams every document of the source
 * into it, a page at a time, under a cancellable progress. The file appears only when complete.
 */
export async function exportToFile(services: Services, files: TransferFiles, source: ExportSource): Promise<void> {
  const format = required(
    await services.prompts.pick(
      (Object.keys(FORMAT_LABELS) as TransferFormat[]).map((value) => ({
        label: FORMAT_LABELS[value].split(' (')[0],
        detail: FORMAT_LABELS[value],
        value,
      })),
      { title: vscode.l10n.t('Export {0} as', source.label), placeHolder: vscode.l10n.t('Choose a file format') },
    ),
  );
  const columns = format === 'csv' ? await askColumns(services, source) : [];
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? files.defaultFolder();
  const uri = required(
    await services.prompts.saveFile({
      title: vscode.l10n.t('Export {0}', source.label),
      defaultUri: folder && vscode.Uri.joinPath(folder, `${source.col}.${FORMAT_EXTENSIONS[format]}`),
      filters: { [format.toUpperCase()]: [FORMAT_EXTENSIONS[format]] },
      saveLabel: 'Export',
    }),
  );
  const name = files.nameOf(uri, 'export');
  const client = await services.accounts.clientFor(source.accountId);
  const file = await files.create(uri);
  let exported = 0;
  try {
    const outcome = await withTransferProgress(`Exporting ${source.label}`, 'documents', (signal, report) => {
      const run = {
        api: client,
        db: source.db,
        col: source.col,
        writer: documentWriter(format, columns, setting('export.csvFormulas') === 'raw' ? 'raw' : 'neutralise'),
        write: (text: string) => file.write(text),
        signal,
        parallelWindows: setting('export.parallelWindows'),
        onProgress: (progress: ExportProgress) => {
          exported = progress.exported;
          report({ done: progress.exported, total: progress.total });
        },
      };
      return exportOf(source, run);
    });
    await file.commit();
    services.logger.info(`Exported ${outcome.exported} documents of ${source.db}.${source.col} in ${outcome.requests} requests to ${name}`);
    const missing = (outcome as { missing?: number }).missing ?? 0;
    const left =
      missing > 0
        ? vscode.l10n.t(
            ' {0} no longer in the collection {1} left out.',
            countOf(missing, 'chosen document'),
            missing === 1 ? 'was' : 'were',
          )
        : '';
    void services.prompts.info(
      vscode.l10n.t('Exported {0} of {1} to {2}.{3}', countOf(outcome.exported, 'document'), source.label, name, left),
    );
  } catch (error) {
    await file.discard();
    if (error instanceof ExportCancelledError) {
      void services.prompts.info(vscode.l10n.t('Export of {0} cancelled: no file was written.', source.label));
      return;
    }
    throw new Error(
      vscode.l10n.t(
        'Export of {0} failed after {1}: {2} No file was written.',
        source.label,
        countOf(exported, 'document'),
        services.logger.describe(error).replace(/\.?$/, '.'),
      ),
      { cause: error },
    );
  }
}
