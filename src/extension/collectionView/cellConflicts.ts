import * as vscode from 'vscode';
import { compareChanges } from '../../core/documents/concurrentChanges';
import { documentText } from '../../core/documents/documentText';
import { diffToUpdate } from '../../core/documents/updateDiff';
import type { JsonObject } from '../../core/json/lossless';
import type { Services } from '../services';
import type { DocumentMerges, MergeWrite, MergeWriteOutcome, SaveConflict } from '../kit/writes/documentMerge';
import { mergeNotSentMessage, sendMergeIfUnchanged } from '../kit/writes/documentMerge';
import { documentUri } from '../kit/targets/documentUri';
import { compareDocuments } from './compareDocuments';
import type { ConflictChoice, StagedConflict, TableSession } from './tableSession';

/**
 * What to do about a document whose staged cell edits meet a change made on the service since it was loaded: Compare,
 * Overwrite or Discard, and Merge… when both sides changed the same field (the documents' three-way merge view, whose
 * Save Merge saves the merge and drops the document's staged edits). Escape, Compare and Merge… keep the edits staged.
 */
export class CellConflicts {
  constructor(
    private readonly services: Services,
    private readonly merges: () => Promise<DocumentMerges>,
  ) {}

  /** `merged` is called once a merge opened here was saved: the view reloads. */
  async ask(session: TableSession, staged: StagedConflict, merged: () => Promise<void>): Promise<ConflictChoice> {
    const { label, loaded, current } = staged;
    const conflict = sameFieldConflict(session, staged);
    const choice = await this.services.prompts.pick<ConflictChoice | 'merge'>(
      [
        ...(conflict
          ? [
              {
                label: vscode.l10n.t('Merge…'),
                description: vscode.l10n.t('see the loaded version, your edits and the service’s, field by field, and combine them'),
                value: 'merge' as const,
              },
            ]
          : []),
        {
          label: vscode.l10n.t('Compare'),
          description: vscode.l10n.t('show what changed on the service; your edits stay staged'),
          value: 'compare',
        },
        {
          label: vscode.l10n.t('Overwrite'),
          description: vscode.l10n.t('save your edited fields only, over the service’s values for them'),
          value: 'overwrite',
        },
        { label: vscode.l10n.t('Discard'), description: vscode.l10n.t('drop your edits to this document'), value: 'discard' },
      ],
      {
        title: conflict
          ? vscode.l10n.t('Document {0} changed on the service since it was loaded, in fields you edited too', label)
          : vscode.l10n.t('Document {0} changed on the service since it was loaded', label),
        placeHolder: conflict
          ? vscode.l10n.t('Merge…, Compare, Overwrite (only your fields) or Discard your edits')
          : vscode.l10n.t('Compare, Overwrite (only your fields) or Discard your edits'),
      },
    );
    if (choice === 'merge' && conflict) {
      const { accountId, db, col } = session.source;
      const uri = documentUri({ accountId, db, col, docId: loaded._id });
      (await this.merges()).open(uri, conflict, this.writer(session, staged.key, merged));
      return 'keep';
    }
    if (choice === 'compare')
      await compareDocuments(this.services.virtualDocuments, vscode.l10n.t('{0} (loaded ↔ on the service)', label), loaded, current);
    return choice === 'merge' ? 'keep' : (choice ?? 'keep');
  }

  /** Save Merge of a document of the view: a conflict-checked write, then its staged edits are dropped. */
  private writer(session: TableSession, key: string, merged: () => Promise<void>): MergeWrite {
    const editsAtStart = JSON.stringify(session.staged.editsOf(key));
    return async (_uri, made, result): Promise<MergeWriteOutcome> => {
      if (JSON.stringify(session.staged.editsOf(key)) !== editsAtStart)
        return problem(
          vscode.l10n.t(
            'Not saved: the collection view’s edits of this document changed since this merge began, and the merge does not hold them. Save the view again to merge with them.',
          ),
        );
      const { update, error } = diffToUpdate(made.theirs.document, result);
      if (error) return problem(vscode.l10n.t('Not saved: {0}', error));
      const { accountId, db, col } = session.source;
      try {
        const written = await sendMergeIfUnchanged(this.services, { accountId, db, col, docId: result._id }, made.theirs, update);
        if ('changed' in written) return { kind: 'changed', current: written.changed };
      } catch (failure) {
        return problem(mergeNotSentMessage(this.services, failure));
      }
      this.services.logger.info(`Saved the merge of document ${key} in ${db}/${col} from the collection view`);
      session.revert(key);
      this.services.changes.fire({ accountId, db, col }, 'documents');
      await merged();
      return { kind: 'saved' };
    };
  }
}

/** The conflict to merge, when both sides changed the same field; none in a view of some fields only (its loaded versions are partial). */
function sameFieldConflict(session: TableSession, staged: StagedConflict): SaveConflict | undefined {
  const { loaded, current, edited } = staged;
  if (session.state.fields.length > 0) return undefined;
  const changes = compareChanges(loaded, edited, current);
  if (!changes || changes.overlapping.length === 0) return undefined;
  const version = (document: JsonObject) => ({ text: documentText(document), document });
  return { base: version(loaded), mine: edited, text: documentText(edited), current: version(current), overlapping: changes.overlapping };
}

const problem = (message: string): MergeWriteOutcome => ({ kind: 'problem', message });
