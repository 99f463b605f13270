import type * as vscode from 'vscode';

/** `dbhost-rules://<account-id>/<db>/<col>/rules.json`: a collection's validation rules as a JSON file. */
export const RULES_SCHEME = 'dbhost-rules';

/** The database and collection folders above rules files: `/`, `/<db>`, `/<db>/<col>` (VS Code looks at a file's folder before writing it). */
export function isRulesFolder(uri: vscode.Uri): boolean {
  return uri.path.split('/').filter((segment) => segment !== '').length <= 2;
}
