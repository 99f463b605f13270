import type { ExportDocumentsArgs } from '../../core/transfer/exportArgs';
import type { ViewState } from '../../core/table/viewState';
import { pageQuery } from '../../core/table/viewState';
import type { CollectionSource } from './tableSession';

/** The arguments of dbhost.exportDocuments for what a view shows: its filter (as typed, so exact), sort and projection. */
export function exportViewArgs(source: CollectionSource, state: ViewState): ExportDocumentsArgs {
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
  const { fields } = pageQuery(state);
  return { accountId: source.accountId, db: source.db, col: source.col, scope: { kind: 'ids', ids: keys, fields: fields ?? {} } };
}
