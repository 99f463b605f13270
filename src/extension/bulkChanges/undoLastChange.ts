import * as vscode from 'vscode';
import type { UndoResult } from '../../core/bulk/applyUndo';
import { applyUndo } from '../../core/bulk/applyUndo';
import { idKey, readByIds } from '../../core/bulk/changeImages';
import type { ChangeRecord, UndoPlan } from '../../core/bulk/undoPlan';
import { planUndo } from '../../core/bulk/undoPlan';
import { displayId } from '../../core/documents/documentId';
import { countOf } from '../../core/text/formatCount';
import { UserCancelledError } from '../base/registerCommand';
import type { Services } from '../services';
import { confirmWrite } from '../kit/writes/confirmedWrites';
import { resolveCollection } from '../kit/targets/resolveTarget';
import { refuseReadOnly } from './bulkUpdateFlow';
import { forgetChange, loadChange } from './changeStore';

const LISTED = 10;

function changedSinceText(plan: Pick<UndoPlan, 'changedSince'>): string {
  const listed = plan.changedSince.slice(0, LISTED).map((entry) => `${displayId(entry.id)} (${entry.now})`);
  const more = plan.changedSince.length > LISTED ? ` and ${plan.changedSince.length - LISTED} more` : '';
  return `${listed.join(', ')}${more}`;
}

function planText(plan: UndoPlan): string {
  const parts = [
    plan.restore.length > 0 ? vscode.l10n.t('{0} put back as they were', countOf(plan.restore.length, 'document')) : '',
    plan.reinsert.length === 1 ? vscode.l10n.t('{0} inserted again with its _id', countOf(1, 'deleted document')) : '',
    plan.reinsert.length > 1 ? vscode.l10n.t('{0} inserted again with their _id', countOf(plan.reinsert.length, 'deleted document')) : '',
    plan.remove.length > 0 ? `${countOf(plan.remove.length, 'inserted document')} deleted` : '',
  ].filter(Boolean);
  const since =
    plan.changedSince.length > 0
      ? vscode.l10n.t(
          '\n{0} changed since by someone else will be left alone: {1}.',
          countOf(plan.changedSince.length, 'document'),
          changedSinceText(plan),
        )
      : '';
  return `${parts.join(', ') || vscode.l10n.t('Nothing to put back')}.${since}`;
}

function report(services: Services, outcome: UndoResult, where: string): void {
  const done = vscode.l10n.t(
    'Undid the last change to {0}: {1} put back.',
    where,
    countOf(outcome.restored + outcome.reinserted + outcome.removed, 'document'),
  );
  const since =
    outcome.changedSince.length > 0 ? vscode.l10n.t(' Left alone, changed since by someone else: {0}.', changedSinceText(outcome)) : '';
  if (outcome.failed.length > 0) {
    const failed = outcome.failed.slice(0, LISTED).map((entry) => `${displayId(entry.id)}: ${entry.reason}`);
    void services.prompts.warn(
      vscode.l10n.t('{0}{1} The service refused {2}: {3}', done, since, countOf(outcome.failed.length, 'document'), failed.join('; ')),
    );
  } else if (outcome.changedSince.length > 0) void services.prompts.warn(`${done}${since}`);
  else void services.prompts.info(done);
}

/** Undo Last Change to <db>.<col>…: puts back what the last bulk change (or multi-row delete) changed, asking first. */
export async function undoLastChange(services: Services, arg: unknown): Promise<void> {
  const target = await resolveCollection(services, arg);
  const where = `${target.db}.${target.col}`;
  const record: ChangeRecord | undefined = await loadChange(services.context, target.accountId, target.db, target.col);
  if (!record) {
    void services.prompts.info(vscode.l10n.t('No change to {0} is kept for an undo.', where));
    return;
  }
  await refuseReadOnly(services, target, { undo: record.description });
  const client = await services.accounts.clientFor(target.accountId);
  const current = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading {0}', where) },
    () =>
      readByIds(
        client,
        target.db,
        target.col,
        record.entries.map((entry) => entry.id),
      ),
  );
  const plan = planUndo(record.kind, record.entries, current);
  const confirmed = await confirmWrite(services, target.accountId, vscode.l10n.t('Undo the last change to {0}?', where), {
    detail: vscode.l10n.t('The change: {0}, {1}.\n{2}', record.description, new Date(record.at).toLocaleString(), planText(plan)),
    confirmLabel: vscode.l10n.t('Undo'),
  });
  if (!confirmed) throw new UserCancelledError();
  const afterOf = new Map(record.entries.filter((entry) => entry.after).map((entry) => [idKey(entry.id), entry.after!]));
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Undoing the last change to {0}', where) },
    () =>
      services.accounts.withConfirmedClient(target.accountId, (confirmedClient) =>
        applyUndo(confirmedClient, target.db, target.col, plan, (doc) => afterOf.get(idKey(doc._id))),
      ),
  );
  if (result.failed.length === 0) await forgetChange(services.context, target.accountId, target.db, target.col);
  services.changes.fire({ accountId: target.accountId, db: target.db, col: target.col }, 'documents');
  report(services, result, where);
}
