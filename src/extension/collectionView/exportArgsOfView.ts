import { stringifyLossless } from '../../core/json/lossless';
import { pipelineViewStages } from '../../core/table/pipelineView';
import type { ExportDocumentsArgs } from '../../core/transfer/exportArgs';
import type { ViewState } from '../../core/table/viewState';
import { pageQuery } from '../../core/table/viewState';
import type { CollectionSource } from './tableSession';

/** The row key of a document without `_id` or with a null one (see documentKey). */
const NO_ID_KEY = 'null';

/** The arguments of dbhost.exportDocuments for what a view shows: its filter (as typed, so exact), sort and projection. */
export function exportViewArgs(source: CollectionSource, state: ViewState): ExportDocumentsArgs {
  if (source.pipeline) {
    // A view of a pipeline's results: all of them, with the view's filter, sort and columns as stages after it.
    const { stages, error: stagesError } = pipelineViewStages(source.pipeline, state, false);
    if (!stages) throw new Error(`${stagesError}. Fix the filter to export what it matches.`);
    const { accountId, db, col } = source;
    return { accountId, db, col, scope: { kind: 'pipeline', pipeline: stringifyLossless(stages) } };
  }
  const { sort, fields, error } = pageQuery(state);
  if (error) throw new Error(`${error}. Fix the filter to export what it matches.`);
  return {
    accountId: source.accountId,
    db: source.db,
    col: source.col,
    scope: { kind: 'query', filter: state.filter, sort: sort ?? {}, fields: fields ?? {} },
  };
}

/** The arguments of dbhost.exportDocuments for the selected rows: their `_id`s (the rows' keys, lossless JSON) in the view's order, with the view's projection. */
export function exportSelectedArgs(source: CollectionSource, state: ViewState, keys: string[]): ExportDocumentsArgs {
  // A row without `_id` has the key of a null one, and `{_id: {$in: [null]}}` would match every such document.
  if (keys.includes(NO_ID_KEY)) {
    throw new Error(
      'A selected row has no _id (or a null one), and Export Selected… finds documents by _id. Leave it out of the selection, or use Export… with a filter that matches it.',
    );
  }
  const { fields } = pageQuery(state);
  return { accountId: source.accountId, db: source.db, col: source.col, scope: { kind: 'ids', ids: keys, fields: fields ?? {} } };
}
