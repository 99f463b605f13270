import { formatCount } from '../text/formatCount';
import type { MatchCount } from './playgroundCalls';
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
export function describeMatches(request: UpdateRequest, count: MatchCount): UpdateEffect {
  const where = `${request.database}.${request.collection}`;
  const { multi = false, upsert = false } = request.update;
  const matched = count.total ?? (count.anyMatch ? undefined : 0);

  if (matched === 0) {
    return {
      message: `No document of ${where} matches. Insert one new document?`,
      detail: '"upsert" is true: the service inserts a single document built from the criteria and the update.',
    };
  }

  const upsertNote = upsert ? ' "upsert" has no effect because documents match.' : '';
  if (matched === undefined) {
    return {
      message: `Update ${multi ? 'every matching document' : 'one matching document'} of ${where}?`,
      detail: `The service did not say how many documents match.${multi ? '' : ' "multi" is false: only the first match is updated.'}${upsertNote}`,
    };
  }
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
