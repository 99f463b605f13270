import * as vscode from 'vscode';
import type { JsonObject } from '../../core/json/lossless';
import { JsonSyntaxError, isJsonObject, parseLossless, stringifyLossless } from '../../core/json/lossless';
import { countOf } from '../../core/text/formatCount';
import { required } from '../base/registerCommand';
import { resolveCollection } from '../kit/targets/resolveTarget';
import type { Services } from '../services';
import { collectionLabel } from '../kit/targets/documentUri';
import { refuseReadOnly, runBulkUpdate } from './bulkUpdateFlow';
import { narrowPreview, previewOf } from './previewUpdate';

const TITLE = vscode.l10n.t('Update Matching Documents');

/** Why `text` is not a JSON object, or undefined when it is one. */
function objectProblem(text: string, what: string, allowEmpty: boolean): string | undefined {
  let value;
  try {
    value = parseLossless(text, { rejectDuplicateKeys: true });
  } catch (error) {
    return error instanceof JsonSyntaxError ? vscode.l10n.t('Not valid JSON: {0}', error.message) : String(error);
  }
  if (!isJsonObject(value)) return vscode.l10n.t('The {0} must be a JSON object, { … }.', what);
  if (!allowEmpty && Object.keys(value).length === 0) return vscode.l10n.t('The {0} is empty.', what);
  return undefined;
}

function parseObject(text: string): JsonObject {
  return parseLossless(text, { rejectDuplicateKeys: true }) as JsonObject;
}

/**
 * Bulk update of a collection: criteria and update object as JSON, the preview (how many match, a sample
 * before and after in the diff editor), multi and upsert where they make a difference, a modal confirmation,
 * then one PUT, its documents kept for an undo. Returns the service's answer, or undefined when nothing was sent.
 */
export async function updateMatchingDocuments(services: Services, arg: unknown): Promise<void> {
  const collection = await resolveCollection(services, arg);
  const where = collectionLabel(collection);
  const criteriaText = required(
    await services.prompts.input({
      title: vscode.l10n.t('{0} in {1} (1/2): criteria', TITLE, where),
      prompt: vscode.l10n.t('Which documents to update: a query object, e.g. {"status": "draft"}. {} matches every document.'),
      value: '{}',
      validateInput: (value) => objectProblem(value, 'criteria', true),
    }),
  );
  const objectText = required(
    await services.prompts.input({
      title: vscode.l10n.t('{0} in {1} (2/2): update', TITLE, where),
      prompt: vscode.l10n.t(
        'The update, e.g. {"$set": {"status": "published"}}. An object without $ operators replaces the documents whole.',
      ),
      value: '{"$set": {}}',
      validateInput: (value) => objectProblem(value, 'update', false),
    }),
  );
  const criteria = parseObject(criteriaText);
  const object = parseObject(objectText);

  // Read-only refuses before the preview is asked of the service.
  await refuseReadOnly(services, collection, { criteria, object });
  const client = await services.accounts.clientFor(collection.accountId);
  // One preview with multi and upsert on gives the count that decides the questions; it is then narrowed to the answers.
  const widest = await previewOf(client, collection.db, collection.col, { criteria, object, multi: true, upsert: true });
  const total = widest.matched;
  const matches = countOf(total, 'document');

  let multi = false;
  if (total > 1) {
    multi = required(
      await services.prompts.pick(
        [
          { label: vscode.l10n.t('Update all matching documents'), description: vscode.l10n.t('multi: true'), value: true },
          { label: vscode.l10n.t('Update only the first matching document'), description: vscode.l10n.t('multi: false'), value: false },
        ],
        { title: vscode.l10n.t('{0}: {1} match in {2}', TITLE, matches, where), placeHolder: vscode.l10n.t('How many to update') },
      ),
    );
  }
  let upsert = false;
  if (total === 0) {
    upsert = required(
      await services.prompts.pick(
        [
          { label: vscode.l10n.t('Do nothing when no document matches'), description: vscode.l10n.t('upsert: false'), value: false },
          { label: vscode.l10n.t('Insert one document when none matches'), description: vscode.l10n.t('upsert: true'), value: true },
        ],
        { title: vscode.l10n.t('{0}: no document matches in {1}', TITLE, where), placeHolder: vscode.l10n.t('When nothing matches') },
      ),
    );
  }
  const update = { accountId: collection.accountId, db: collection.db, col: collection.col, criteria, object, multi, upsert };
  const affected = total === 0 ? vscode.l10n.t('no document; one will be inserted') : multi ? `all ${matches}` : `1 of ${matches}`;
  const describe = () => ({
    message: `Update ${affected} in ${where}?`,
    detail: vscode.l10n.t(
      'Criteria: {0}\nUpdate: {1}\nmulti: {2}, upsert: {3}',
      stringifyLossless(criteria),
      stringifyLossless(object),
      multi,
      upsert,
    ),
  });
  const outcome = await runBulkUpdate(services, update, describe, narrowPreview(widest, multi, upsert));
  if (!outcome.sent) return;
  const undo = outcome.undoable ? vscode.l10n.t(' Undo Last Change on the collection puts the documents back.') : '';
  void services.prompts.info(
    vscode.l10n.t('Updated documents in {0}. The service answered: {1}.{2}', where, stringifyLossless(outcome.answer), undo),
  );
}
