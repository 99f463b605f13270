import { stringifyLossless } from '../../core/json/lossless';
import type { RowChange } from '../../core/table/rowChange';
import { bulkBodyOf, operationText, scopeText } from '../../core/table/rowChange';
import { countOf } from '../../core/text/formatCount';
import { isCancellation } from '../base/registerCommand';
import type { Services } from '../services';
import { bulkChangesBundle } from '../kit/lazy/loadBulkChanges';
import type { TableSession } from './tableSession';

/** What saving the staged changes to many rows did, in the view's notice. */
export interface RowChangesOutcome {
  /** One sentence per change saved, or dropped because nothing matched. */
  done: string[];
  /** Why the first change not saved was not (it and those after it stay staged). */
  notSaved?: string;
  failed: boolean;
}

function describe(change: RowChange, where: string) {
  return (preview: { matched: number }) => {
    const which = scopeText(change);
    const missing =
      change.scope.kind === 'ids' && preview.matched < change.scope.keys.length
        ? `\n${countOf(change.scope.keys.length - preview.matched, 'selected row')} no longer on the service: nothing is done to ${change.scope.keys.length - preview.matched === 1 ? 'it' : 'them'}.`
        : '';
    const body = bulkBodyOf(change);
    return {
      message: `${operationText(change.operation)[0].toUpperCase()}${operationText(change.operation).slice(1)} in ${preview.matched === 1 ? '1 document' : `all ${countOf(preview.matched, 'document')}`} of ${where}?`,
      detail: `Which: ${which}.${missing}\nCriteria: ${stringifyLossless(body.criteria)}\nUpdate: ${stringifyLossless(body.object)}\nmulti: true, upsert: false`,
    };
  };
}

/**
 * Saves each staged change to many rows as the palette's bulk update is saved (dist/bulkChanges.mjs): Read-only
 * refuses before the preview, the preview's count and sampled documents before and after, one question (the
 * account's confirmation in Confirm writes), the documents kept for Undo Last Change, one PUT. In order; the
 * first one cancelled or refused stays staged with those after it.
 */
export async function saveRowChanges(services: Services, session: TableSession): Promise<RowChangesOutcome> {
  const outcome: RowChangesOutcome = { done: [], failed: false };
  const { source } = session;
  const where = `${source.db}.${source.col}`;
  while (session.rowChanges.length > 0) {
    const change = session.rowChanges[0];
    try {
      const result = await (
        await bulkChangesBundle()
      ).runBulkUpdate(services, { ...source, ...bulkBodyOf(change) }, describe(change, where));
      session.rowChanges.shift();
      const what = operationText(change.operation);
      if (!result.sent) outcome.done.push(`Dropped "${what}": no document matches any more.`);
      else {
        const undo = result.undoable ? ' Undo Last Change to a Collection… puts them back.' : '';
        outcome.done.push(`Changed ${countOf(result.preview.matched, 'document')} (${what}).${undo}`);
      }
    } catch (error) {
      const cancelled = isCancellation(error);
      const why = cancelled ? 'cancelled' : services.logger.describe(error);
      const left = session.rowChanges.length;
      outcome.notSaved = `Not saved: "${operationText(change.operation)}" (${why}); ${left === 1 ? 'it stays' : `it and ${left - 1} more stay`} staged.`;
      outcome.failed = !cancelled;
      break;
    }
  }
  return outcome;
}
