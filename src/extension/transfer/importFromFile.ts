import * as vscode from 'vscode';
import { countOf, formatCount } from '../../core/text/formatCount';
import type { DbHostApi } from '../../core/api/types';
import type { JsonObject } from '../../core/json/lossless';
import type { Violation } from '../../core/validation/rulesTypes';
import type { CsvTypes } from '../../core/transfer/csvDocuments';
import type { DryRunReport } from '../../core/transfer/dryRun';
import { dryRun } from '../../core/transfer/dryRun';
import { formatOfFileName } from '../../core/transfer/formats';
import type { TransferFormat } from '../../core/transfer/formats';
import { newIdSeed } from '../../core/transfer/importIds';
import type { ImportOutcome } from '../../core/transfer/importRun';
import { DEFAULT_IMPORT_CONCURRENCY, importDocuments } from '../../core/transfer/importRun';
import type { ImportState } from '../../core/transfer/importState';
import { canResume, importStateKey } from '../../core/transfer/importState';
import { dryRunText, failureReportText } from '../../core/transfer/reportText';
import { UserCancelledError, required } from '../base/registerCommand';
import type { Services } from '../services';
import type { ParsedRecord } from '../../core/transfer/parsedRecord';
import { recordsOf } from '../../core/transfer/recordsOf';
import type { TransferFiles } from './transferFiles';
import type { ImportTarget } from './importTarget';
import { resolveImportTarget } from './importTarget';
import { withTransferProgress } from './transferProgress';
import { confirmWrite } from '../kit/writes/confirmedWrites';

const SAVE_STATE_EVERY_MS = 1000;

async function askFile(services: Services, target: ImportTarget): Promise<vscode.Uri> {
  const uri = required(
    await services.prompts.openFile({
      title: vscode.l10n.t('Import into {0}.{1}', target.db, target.col),
      openLabel: 'Import',
      filters: { Documents: ['ndjson', 'jsonl', 'json', 'csv'] },
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
    }),
  );
  return uri;
}

async function askCsvTypes(services: Services): Promise<CsvTypes> {
  return required(
    await services.prompts.pick<CsvTypes>(
      [
        {
          label: vscode.l10n.t('Keep every value as text'),
          detail: vscode.l10n.t('Safest: "007" stays "007", "true" stays "true"'),
          value: 'strings',
        },
        {
          label: vscode.l10n.t('Infer numbers, booleans, null and dates'),
          detail: vscode.l10n.t('Numbers exactly as written (1.50 stays 1.50), true/false, empty or null as null, ISO-8601 dates as dates'),
          value: 'infer',
        },
      ],
      { title: vscode.l10n.t('Types of the CSV values') },
    ),
  );
}

/** A saved state for this file and target that can be resumed, and whether the user wants to. */
async function askResume(
  services: Services,
  key: string,
  file: ImportState['file'],
  format: string,
  csvTypes: CsvTypes | undefined,
  name: string,
): Promise<ImportState | undefined> {
  const saved = services.context.workspaceState.get<unknown>(key);
  if (!canResume(saved, file, format, csvTypes)) return undefined;
  const resume = required(
    await services.prompts.pick(
      [
        {
          label: vscode.l10n.t('Resume from record {0}', formatCount(saved.doneThrough + 1)),
          detail: vscode.l10n.t('{0} stored so far', countOf(saved.stored + saved.alreadyStored, 'record')),
          value: true,
        },
        {
          label: vscode.l10n.t('Check every record again from the start'),
          detail: vscode.l10n.t('Records stored before count as done; nothing is stored twice'),
          value: false,
        },
      ],
      { title: vscode.l10n.t('An earlier import of {0} into this collection stopped', name) },
    ),
  );
  return resume ? saved : { ...saved, doneThrough: 0, stored: 0, alreadyStored: 0, failureCount: 0, failures: [] };
}

/**
 * Imports a file of documents: asks the file (format from its extension; for CSV, how to type values),
 * reads it once without sending anything and shows what will happen, then sends every record with its
 * `_id` fixed beforehand, under a cancellable progress. The resume state is saved as it goes (workspace
 * storage, keyed by file and target), so a stopped or cancelled import picks up where it ended.
 */
export async function importFromFile(services: Services, files: TransferFiles, arg: unknown): Promise<void> {
  const target = await resolveImportTarget(services, arg);
  const uri = await askFile(services, target);
  const path = files.nameOf(uri, 'import');
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const format: TransferFormat | undefined = formatOfFileName(name);
  if (!format)
    throw new Error(
      vscode.l10n.t(
        'Cannot tell the format of {0}: name it .ndjson or .jsonl (one document per line), .json (an array of documents) or .csv.',
        name,
      ),
    );
  const csvTypes = format === 'csv' ? await askCsvTypes(services) : undefined;
  const file = { path, ...(await files.stat(uri)) };
  const key = importStateKey(path, target);
  const previous = await askResume(services, key, file, format, csvTypes, name);
  const client = await services.accounts.clientFor(target.accountId);
  const records = () => recordsOf(files.read(uri), format, csvTypes);
  const run: ImportRun = { target, name, format, csvTypes, records, file, key, previous, client, idSeed: previous?.idSeed ?? newIdSeed() };
  const resumeFrom = previous?.doneThrough ?? 0;
  const label = `${target.db}.${target.col}`;

  // The collection's rules (issue 33): the dry run names the documents the service will refuse, or keep with a warning.
  const rules = target.isNew ? undefined : await services.rulesSaveChecks.rulesOf(target);
  const report = await checkFile(run, resumeFrom, rules?.violations);
  if (report.fileProblem) throw new Error(vscode.l10n.t('{0} cannot be imported: {1}. Nothing was sent.', name, report.fileProblem));
  if (report.documents === 0) {
    void services.prompts.warn(
      vscode.l10n.t(
        '{0} holds no document to import{1}. Nothing was sent.',
        name,
        report.parseErrorCount > 0 ? ` (${countOf(report.parseErrorCount, 'record')} cannot be read)` : '',
      ),
    );
    return;
  }
  const confirmed = await confirmWrite(
    services,
    target.accountId,
    `Import ${countOf(report.documents, 'document')} from ${name} into ${target.isNew ? 'the new collection ' : ''}${label}?`,
    {
      detail: dryRunText(report, {
        csvTypes,
        resumingAt: resumeFrom,
        isNew: target.isNew,
        rules: rules && { where: label, refuses: rules.rules.validationAction === 'error' },
      }),
      confirmLabel: vscode.l10n.t('Import'),
    },
  );
  if (!confirmed) return;
  // One question for the whole import: an account in Confirm writes does not ask again for each document.
  await services.accounts.withConfirmedClient(target.accountId, (client) => storeRecords(services, { ...run, client }, report));
}

/** What one import works on, once its questions are answered. */
interface ImportRun {
  target: ImportTarget;
  /** The file's name, as messages show it. */
  name: string;
  format: TransferFormat;
  csvTypes: CsvTypes | undefined;
  /** The file's records, read afresh at each call. */
  records: () => AsyncIterable<ParsedRecord>;
  file: ImportState['file'];
  /** Where its resume state is kept in workspace storage. */
  key: string;
  /** The saved state it resumes, if any. */
  previous: ImportState | undefined;
  client: DbHostApi;
  idSeed: ImportState['idSeed'];
}

/** Reads the file once without sending anything: what the import would do. */
async function checkFile(run: ImportRun, resumeFrom: number, rules?: (document: JsonObject) => Violation[]): Promise<DryRunReport> {
  const { target, name, records: fileRecords, client } = run;
  return withTransferProgress(`Checking ${name}`, 'records', (signal, progress) => {
    let read = 0;
    const records = countingRecords(fileRecords(), () => progress({ done: ++read, total: undefined }));
    return dryRun({
      records,
      idSeed: run.idSeed,
      resumeFrom,
      signal,
      rules,
      existing: target.isNew ? undefined : { api: client, db: target.db, col: target.col, signal },
    }).catch((error: unknown) => {
      if (signal.aborted) throw new UserCancelledError();
      throw error;
    });
  });
}

/** Sends the records (creating the collection first when it is new), saving the resume state as it goes. */
async function storeRecords(services: Services, run: ImportRun, report: DryRunReport): Promise<void> {
  const { target, name, format, csvTypes, file, key, previous, client, idSeed } = run;
  const resumeFrom = previous?.doneThrough ?? 0;
  if (target.isNew) {
    await client.createCollection(target.db, target.col);
    services.changes.fire({ accountId: target.accountId, db: target.db }, 'collections');
  }
  const state: ImportState = previous ?? {
    version: 1,
    file,
    target: { accountId: target.accountId, db: target.db, col: target.col },
    format,
    csvTypes,
    idSeed,
    doneThrough: 0,
    stored: 0,
    alreadyStored: 0,
    failureCount: 0,
    failures: [],
  };
  await services.context.workspaceState.update(key, state);
  let savedAt = Date.now();
  const total = resumeFrom + report.records;
  const outcome = await withTransferProgress(`Importing ${name} into ${target.db}.${target.col}`, 'records', (signal, progress) =>
    importDocuments({
      api: client,
      db: target.db,
      col: target.col,
      records: run.records(),
      idSeed,
      resumeFrom,
      previous: state,
      concurrency: DEFAULT_IMPORT_CONCURRENCY,
      signal,
      onProgress: (tally, resumable) => {
        progress({ done: tally.doneThrough, total });
        if (Date.now() - savedAt < SAVE_STATE_EVERY_MS) return;
        savedAt = Date.now();
        void services.context.workspaceState.update(key, { ...state, ...resumable() });
      },
    }),
  );
  services.changes.fire({ accountId: target.accountId, db: target.db, col: target.col }, 'documents');
  services.changes.fire({ accountId: target.accountId, db: target.db }, 'collections');
  await finish(services, { target, name, key, state, outcome });
}

async function* countingRecords<T>(records: AsyncIterable<T>, counted: () => void): AsyncGenerator<T> {
  for await (const record of records) {
    counted();
    yield record;
  }
}

async function finish(
  services: Services,
  run: { target: ImportTarget; name: string; key: string; state: ImportState; outcome: ImportOutcome },
): Promise<void> {
  const { target, name, key, state, outcome } = run;
  const label = `${target.db}.${target.col}`;
  const done = `${countOf(outcome.stored, 'document')} stored${outcome.alreadyStored > 0 ? `, ${formatCount(outcome.alreadyStored)} already there from an earlier try` : ''}`;
  if (outcome.ended === 'complete') {
    await services.context.workspaceState.update(key, undefined);
    if (outcome.failureCount > 0) {
      const document = await vscode.workspace.openTextDocument({
        content: failureReportText(name, label, outcome.failures, outcome.failureCount),
        language: 'plaintext',
      });
      await vscode.window.showTextDocument(document, { preview: false });
      void services.prompts.warn(
        vscode.l10n.t(
          'Imported {0} into {1}: {2}; {3} not stored (see the report for each line and reason).',
          name,
          label,
          done,
          countOf(outcome.failureCount, 'record'),
        ),
      );
    } else {
      void services.prompts.info(vscode.l10n.t('Imported {0} into {1}: {2}.', name, label, done));
    }
    return;
  }
  const { doneThrough } = outcome.resumable;
  await services.context.workspaceState.update(key, { ...state, ...outcome.resumable });
  const resume = vscode.l10n.t('Run Import on the same file and collection to resume from record {0}.', formatCount(doneThrough + 1));
  if (outcome.ended === 'cancelled')
    void services.prompts.info(vscode.l10n.t('Import of {0} into {1} cancelled: {2}. {3}', name, label, done, resume));
  else
    void services.prompts.error(
      vscode.l10n.t(
        'Import of {0} into {1} stopped: {2} {3}. {4}',
        name,
        label,
        services.logger.describe(outcome.stoppedBy).replace(/\.?$/, '.'),
        done,
        resume,
      ),
    );
}
