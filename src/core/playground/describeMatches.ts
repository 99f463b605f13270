import { formatCount } from '../text/formatCount';
import type { UpdateRequest } from './playgroundRequest';

export interface UpdateEffect {
  /** The question for the user. */
  message: string;
  detail: string;
}

const plural = (count: number, noun: string) => `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;

/**
 * What a bulk update will do, given the count, without the closing warnings. Asked only of an update that
 * changes something: one that matches nothing without upsert is not sent, and runBulkUpdate says so instead.
 */
export function describeMatches(request: UpdateRequest, matched: number): UpdateEffect {
  const where = `${request.database}.${request.collection}`;
  const { multi = false, upsert = false } = request.update;

  if (matched === 0) {
    return {
      message: `No document of ${where} matches. Insert one new document?`,
      detail: '"upsert" is true: the service inserts a single document built from the criteria and the update.',
    };
  }

  const upsertNote = upsert ? ' "upsert" has no effect because documents match.' : '';
  if (matched === 1) {
    return {
      message: `Update the 1 matching document of ${where}?`,
      detail: `1 document matches the criteria.${upsertNote}`,
    };
  }
  if (multi) {
    return {
      message: `Update all ${plural(matched, 'matching document')} of ${where}?`,
      detail: `${plural(matched, 'document')} match the criteria and "multi" is true: every one of them is updated.${upsertNote}`,
    };
  }
  return {
    message: `Update 1 of the ${plural(matched, 'matching document')} of ${where}?`,
    detail: `${plural(matched, 'document')} match the criteria, but "multi" is false: only the first match is updated. Set "multi": true to update all of them.${upsertNote}`,
  };
}
