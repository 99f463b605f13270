import * as vscode from 'vscode';
import type { UpdatePreview } from '../../core/bulk/updatePreview';
import type { PreviewRuleBreaks } from '../../core/bulk/previewRules';
import type { CommentedElement } from '../../core/bulk/commentedArray';
import { commentedArray } from '../../core/bulk/commentedArray';
import { displayId } from '../../core/documents/documentId';
import { stringifyLossless } from '../../core/json/lossless';
import { countOf } from '../../core/text/formatCount';
import type { SnapshotKind, VirtualDocuments } from '../base/virtualDocuments';

function previewKind(): SnapshotKind {
  return {
    scheme: 'dbhost-preview',
    gone: vscode.l10n.t('// This preview was closed: preview the update again for a new one.\n'),
  };
}

const block = (heading: string, json: string): CommentedElement => ({ heading, json });

/**
 * The two sides of the preview, each one JSON array with a comment above each document (valid JSON with comments,
 * so the editor marks no error): every sampled document before, and after (or why the update fails on it).
 */
export function previewSides(preview: UpdatePreview, breaks?: PreviewRuleBreaks): { before: string; after: string } {
  const before: CommentedElement[] = [];
  const after: CommentedElement[] = [];
  const broken = (at: number | 'upsert') => breaks?.broken.find((item) => item.at === at);
  const rulesMark = (at: number | 'upsert') =>
    broken(at) ? vscode.l10n.t(': BREAKS THE RULES ({0}): {1}', breaks!.verdict, broken(at)!.text) : '';
  preview.sample.forEach((item, index) => {
    const heading = `_id ${displayId(item._id)} (sampled document ${index + 1} of ${preview.sample.length})`;
    before.push(block(heading, stringifyLossless(item.before, 2)));
    after.push(
      'after' in item
        ? block(`${heading}${rulesMark(index)}`, stringifyLossless(item.after, 2))
        : block(vscode.l10n.t('{0}: THE UPDATE FAILS ON THIS DOCUMENT: {1}', heading, item.error), stringifyLossless(item.before, 2)),
    );
  });
  if (preview.upsert) {
    before.push(block(vscode.l10n.t('No document matches: the upsert inserts one'), 'null'));
    after.push(
      'after' in preview.upsert
        ? block(`${vscode.l10n.t('Inserted by the upsert')}${rulesMark('upsert')}`, stringifyLossless(preview.upsert.after, 2))
        : block(vscode.l10n.t('The upsert fails: {0}', preview.upsert.error), 'null'),
    );
  }
  return { before: commentedArray(before), after: commentedArray(after) };
}

export function previewTitle(where: string, preview: UpdatePreview): string {
  const by = preview.computedBy === 'service' ? vscode.l10n.t("the service's dry run") : vscode.l10n.t('computed by the extension');
  return vscode.l10n.t(
    'Preview of the update of {0}: {1} of {2} ({3})',
    where,
    preview.sample.length,
    countOf(preview.matched, 'matching document'),
    by,
  );
}

/** Opens VS Code's diff editor on the sampled documents before and after, read-only; returns the two URIs. */
export async function showPreviewDiff(
  documents: VirtualDocuments,
  where: string,
  preview: UpdatePreview,
  breaks?: PreviewRuleBreaks,
): Promise<vscode.Uri[]> {
  const sides = previewSides(preview, breaks);
  const left = documents.keep(previewKind(), `${where} before.jsonc`, sides.before);
  const right = documents.keep(previewKind(), `${where} after.jsonc`, sides.after);
  await vscode.commands.executeCommand('vscode.diff', left, right, previewTitle(where, preview), { preview: true });
  return [left, right];
}
