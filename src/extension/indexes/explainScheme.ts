import * as vscode from 'vscode';
/** Read-only Markdown documents that show explains. The URI holds a title and a number, never the key. */
export const EXPLAIN_SCHEME = 'dbhost-explain';

/** What an explain view shows once its explain is no longer kept (after a reload). */
export const NOT_KEPT = vscode.l10n.t(
  '# This explain is no longer kept\n\nExplain the query again from its playground, collection view or slow query.\n',
);
