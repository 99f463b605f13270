import * as vscode from 'vscode';
import type { DbHostApi, ServiceAnswer } from '../../core/api/types';
import { MAX_UNDO_DOCUMENTS, readByIds, readMatching } from '../../core/bulk/changeImages';
import { changeEntries } from '../../core/bulk/undoPlan';
import type { UpdatePreview } from '../../core/bulk/updatePreview';
import { previewRuleBreaks, previewRulesText } from '../../core/bulk/previewRules';
import { modeOf } from '../../core/guardrails/accountGuardrails';
import type { JsonObject } from '../../core/json/lossless';
import { stringifyLossless } from '../../core/json/lossless';
import { REPLACEMENT_WARNING, replacesWholeDocuments } from '../../core/playground/updateEffect';
import { countOf } from '../../core/text/formatCount';
import { UserCancelledError } from '../base/registerCommand';
import type { Services } from '../services';
import { confirmWrite } from '../kit/writes/confirmedWrites';
import { guardrailsBundle } from '../kit/lazy/loadGuardrails';
import { saveChange } from './changeStore';
import { previewOf } from './previewUpdate';
import { showPreviewDiff } from './previewDiff';

export interface BulkUpdate {
  accountId: string;
  db: string;
  col: string;
  criteria: JsonObject;
  object: JsonObject;
  multi: boolean;
  upsert: boolean;
}

export interface BulkUpdateOutcome {
  /** False when nothing matched and nothing would be inserted: nothing was sent. */
  sent: boolean;
  preview: UpdatePreview;
  answer?: ServiceAnswer;
  /** Whether Undo Last Change can put the documents back. */
  undoable: boolean;
}

/**
 * Read-only refuses a change to many documents before anything is asked of the service, even its preview,
 * with the guardrails' own words for the write it would send (`PUT …/documents` for a bulk update, else the
 * first of the writes it would send, `under` the collection's documents path).
 */
export async function refuseReadOnly(
  services: Services,
  target: { accountId: string; db: string; col: string },
  body: JsonObject | undefined,
  write: { method: 'PUT' | 'DELETE'; under?: string } = { method: 'PUT' },
): Promise<void> {
  const account = services.accounts.require(target.accountId);
  if (modeOf(account) !== 'readOnly') return;
  const path = `/databases/${encodeURIComponent(target.db)}/collections/${encodeURIComponent(target.col)}/documents${write.under ?? ''}`;
  await guardrailsBundle().checkWrite(services, account, { method: write.method, path, ...(body ? { body } : {}) });
}

function changedCount(update: BulkUpdate, preview: UpdatePreview): number {
  return preview.matched === 0 ? (update.upsert ? 1 : 0) : update.multi ? preview.matched : 1;
}

/** Why the change could not be undone, or undefined when it can. */
function undoProblem(update: BulkUpdate, preview: UpdatePreview): string | undefined {
  if (preview.matched === 0) return update.upsert ? vscode.l10n.t('the document the upsert inserts is not kept for an undo') : undefined;
  if (changedCount(update, preview) > MAX_UNDO_DOCUMENTS)
    return vscode.l10n.t('it changes more than {0} documents, more than an undo keeps', MAX_UNDO_DOCUMENTS.toLocaleString('en-US'));
  return undefined;
}

/** The caller's question and its detail for a preview: the palette and the playground word it their own way. */
export type DescribeUpdate = (preview: UpdatePreview) => { message: string; detail: string };

function previewDetail(update: BulkUpdate, preview: UpdatePreview, rulesText: string | undefined): string {
  const failures = preview.sample.filter((item) => 'error' in item);
  const by =
    preview.computedBy === 'service'
      ? vscode.l10n.t("from the service's dry run")
      : vscode.l10n.t('computed by the extension (the service has no dry run)');
  const lines = [
    vscode.l10n.t('Preview: {0} before and after in the diff editor, {1}.', countOf(preview.sample.length, 'sampled document'), by),
  ];
  if (failures.length > 0)
    lines.push(
      vscode.l10n.t(
        'The update fails on {0} of the sampled documents, so the service will refuse it: {1}',
        failures.length,
        (failures[0] as { error: string }).error,
      ),
    );
  if (replacesWholeDocuments(update.object)) lines.push(REPLACEMENT_WARNING);
  if (rulesText) lines.push(rulesText);
  const problem = undoProblem(update, preview);
  lines.push(
    problem
      ? vscode.l10n.t('This cannot be undone: {0}.', problem)
      : vscode.l10n.t('Undo Last Change on the collection can put the documents back.'),
  );
  return lines.join('\n\n');
}

/** The documents before the update, or undefined when they are more than an undo keeps (asked about then). */
async function beforeImages(services: Services, client: DbHostApi, update: BulkUpdate, preview: UpdatePreview, where: string) {
  if (undoProblem(update, preview) !== undefined || preview.matched === 0) return undefined;
  const images = await readMatching(client, update.db, update.col, update.criteria, update.multi ? MAX_UNDO_DOCUMENTS + 1 : 1);
  if ('documents' in images) return images.documents;
  const goOn = await confirmWrite(
    services,
    update.accountId,
    vscode.l10n.t('The update of {0} cannot be undone: {1}. Update anyway?', where, images.tooLarge),
    {
      detail: vscode.l10n.t('The documents were read to keep them for an undo, and they are more than it keeps.'),
      confirmLabel: vscode.l10n.t('Update'),
    },
  );
  if (!goOn) throw new UserCancelledError();
  return undefined;
}

/**
 * A bulk update with its preview: how many match and the sample before/after in the diff editor, one modal
 * question (the account's confirmation too, in Confirm writes), the documents kept for an undo, one PUT.
 */
export async function runBulkUpdate(
  services: Services,
  update: BulkUpdate,
  describe: DescribeUpdate,
  given?: UpdatePreview,
): Promise<BulkUpdateOutcome> {
  const request = { criteria: update.criteria, object: update.object, multi: update.multi, upsert: update.upsert };
  await refuseReadOnly(services, update, request);
  const where = `${update.db}.${update.col}`;
  const client = await services.accounts.clientFor(update.accountId);
  const preview =
    given ??
    (await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Previewing the update of {0}', where) },
      () => previewOf(client, update.db, update.col, request),
    ));
  if (changedCount(update, preview) === 0) {
    void services.prompts.info(vscode.l10n.t('No document matches in {0}, and upsert is off: nothing was sent.', where));
    return { sent: false, preview, undoable: false };
  }
  // The collection's rules (issue 33): the previewed documents they would refuse or warn about, marked and listed.
  const rules = await services.rulesSaveChecks.rulesOf(update);
  const breaks = rules && previewRuleBreaks(preview, rules);
  if (preview.sample.length > 0 || preview.upsert) await showPreviewDiff(services.virtualDocuments, where, preview, breaks);
  const described = describe(preview);
  const confirmed = await confirmWrite(services, update.accountId, described.message, {
    detail: `${described.detail}\n\n${previewDetail(update, preview, rules && previewRulesText(where, preview, breaks))}`,
    confirmLabel: vscode.l10n.t('Update'),
  });
  if (!confirmed) throw new UserCancelledError();
  const before = await beforeImages(services, client, update, preview, where);
  const answer = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Updating {0}', where) },
    () =>
      services.accounts.withConfirmedClient(update.accountId, (confirmedClient) =>
        confirmedClient.updateDocuments(update.db, update.col, { ...request, safe: true }),
      ),
  );
  services.changes.fire({ accountId: update.accountId, db: update.db, col: update.col }, 'documents');
  if (before) {
    const after = await readByIds(
      client,
      update.db,
      update.col,
      before.map((doc) => doc._id ?? null),
    );
    const description = vscode.l10n.t('the update {0} of {1}', stringifyLossless(update.object), countOf(before.length, 'document'));
    const entries = changeEntries(before, after);
    await saveChange(services.context, { ...update, kind: 'update', at: new Date().toISOString(), description, entries });
  }
  return { sent: true, preview, answer, undoable: before !== undefined };
}
