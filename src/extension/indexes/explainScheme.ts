/** The scheme of the URIs that name explain views in commands. The URI holds a title and a number, never the key. */
export const EXPLAIN_SCHEME = 'dbhost-explain';

/** The webview type of explain views (`activeWebviewPanelId` in package.json's `when` clauses). */
export const EXPLAIN_VIEW_TYPE = 'dbhost.explain';
