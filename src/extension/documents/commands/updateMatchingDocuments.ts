import type { JsonObject } from '../../../core/json/lossless';
import { JsonSyntaxError, isJsonObject, parseLossless, stringifyLossless } from '../../../core/json/lossless';
import { countOf } from '../../../core/text/formatCount';
import { IRREVERSIBLE, REPLACEMENT_WARNING, replacesWholeDocuments } from '../../../core/playground/updateEffect';
import { required } from '../../base/registerCommand';
import { resolveCollection } from '../../shared/resolveTarget';
import type { Services } from '../../services';
import { collectionLabel } from '../../shared/documentUri';
import { confirmWrite, sendConfirmed } from '../../shared/confirmedWrites';

const TITLE = 'Update Matching Documents';

/** Why `text` is not a JSON object, or undefined when it is one. */
function objectProblem(text: string, what: string, allowEmpty: boolean): string | undefined {
  let value;
  try {
    value = parseLossless(text, { rejectDuplicateKeys: true });
  } catch (error) {
    return error instanceof JsonSyntaxError ? `Not valid JSON: ${error.message}` : String(error);
  }
  if (!isJsonObject(value)) return `The ${what} must be a JSON object, { … }.`;
  if (!allowEmpty && Object.keys(value).length === 0) return `The ${what} is empty.`;
  return undefined;
}

function parseObject(text: string): JsonObject {
  return parseLossless(text, { rejectDuplicateKeys: true }) as JsonObject;
}

/**
 * Bulk update of a collection: criteria and update object as JSON, the number of matching documents
 * from the service, multi and upsert where they make a difference, a modal confirmation, then one PUT.
 * Returns the service's answer, or undefined when the user stopped.
 */
export async function updateMatchingDocuments(services: Services, arg: unknown): Promise<unknown> {
  const collection = await resolveCollection(services, arg);
  const where = collectionLabel(collection);
  const criteriaText = required(
    await services.prompts.input({
      title: `${TITLE} in ${where} (1/2): criteria`,
      prompt: 'Which documents to update: a query object, e.g. {"status": "draft"}. {} matches every document.',
      value: '{}',
      validateInput: (value) => objectProblem(value, 'criteria', true),
    }),
  );
  const objectText = required(
    await services.prompts.input({
      title: `${TITLE} in ${where} (2/2): update`,
      prompt: 'The update, e.g. {"$set": {"status": "published"}}. An object without $ operators replaces the documents whole.',
      value: '{"$set": {}}',
      validateInput: (value) => objectProblem(value, 'update', false),
    }),
  );
  const criteria = parseObject(criteriaText);
  const object = parseObject(objectText);

  const client = await services.accounts.clientFor(collection.accountId);
  const { total } = await client.listDocuments(collection.db, collection.col, { q: criteria, limit: 1 });
  const matches = total === undefined ? 'An unknown number of documents' : countOf(total, 'document');

  let multi = false;
  if (total === undefined || total > 1) {
    multi = required(
      await services.prompts.pick(
        [
          { label: 'Update all matching documents', description: 'multi: true', value: true },
          { label: 'Update only the first matching document', description: 'multi: false', value: false },
        ],
        { title: `${TITLE}: ${matches} match in ${where}`, placeHolder: 'How many to update' },
      ),
    );
  }
  let upsert = false;
  if (total === undefined || total === 0) {
    upsert = required(
      await services.prompts.pick(
        [
          { label: 'Do nothing when no document matches', description: 'upsert: false', value: false },
          { label: 'Insert one document when none matches', description: 'upsert: true', value: true },
        ],
        { title: `${TITLE}: ${total === 0 ? 'no document matches' : matches + ' match'} in ${where}`, placeHolder: 'When nothing matches' },
      ),
    );
  }

  const affected =
    total === undefined
      ? 'the matching documents'
      : total === 0
        ? upsert
          ? 'no document; one will be inserted'
          : 'no document'
        : multi
          ? `all ${countOf(total, 'document')}`
          : `1 of ${countOf(total, 'document')}`;
  const confirmed = await confirmWrite(services, collection.accountId, `Update ${affected} in ${where}?`, {
    detail: `Criteria: ${stringifyLossless(criteria)}\nUpdate: ${stringifyLossless(object)}\nmulti: ${multi}, upsert: ${upsert}\n\n${replacesWholeDocuments(object) ? `${REPLACEMENT_WARNING}\n\n` : ''}${IRREVERSIBLE}`,
    confirmLabel: 'Update',
  });
  if (!confirmed) return undefined;

  const answer = await sendConfirmed(collection.accountId, () =>
    client.updateDocuments(collection.db, collection.col, { criteria, object, multi, upsert, safe: true }),
  );
  services.changes.fire({ accountId: collection.accountId, db: collection.db, col: collection.col }, 'documents');
  void services.prompts.info(`Updated documents in ${where}. The service answered: ${stringifyLossless(answer)}`);
  return answer;
}
