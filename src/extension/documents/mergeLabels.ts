import * as vscode from 'vscode';
import type { MergeLabels } from '../../core/documents/mergeViewMessages';

/** The merge page's texts in the user's language. */
export function mergeLabels(): MergeLabels {
  return {
    base: vscode.l10n.t('Base (you started from)'),
    mine: vscode.l10n.t('Yours'),
    theirs: vscode.l10n.t('On the service'),
    absent: vscode.l10n.t('(not there)'),
    takeMine: vscode.l10n.t('Take yours'),
    takeTheirs: vscode.l10n.t('Take the service’s'),
    edit: vscode.l10n.t('Edit the result'),
    editHint: vscode.l10n.t('A JSON value; leave it empty to leave the field out.'),
    conflict: vscode.l10n.t('changed on both sides'),
    onlyMine: vscode.l10n.t('changed by you'),
    onlyTheirs: vscode.l10n.t('changed on the service'),
    both: vscode.l10n.t('changed alike on both sides'),
    added: vscode.l10n.t('added'),
    removed: vscode.l10n.t('removed'),
    changed: vscode.l10n.t('changed'),
    unchanged: vscode.l10n.t('unchanged'),
    save: vscode.l10n.t('Save Merge'),
    cancel: vscode.l10n.t('Cancel'),
    working: vscode.l10n.t('Saving the merge…'),
  };
}
