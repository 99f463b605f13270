// The page's texts through the extension's l10n bundle (l10n/bundle.l10n*.json): the extension puts the
// translations VS Code loaded for its language in the page's `dbhost-l10n` meta element (none in English), and
// `l10n.t` here does what `vscode.l10n.t` does in the extension. `npm run l10n` finds these calls too.
import { translator } from './translator';

export const l10n = translator(document.querySelector('meta[name="dbhost-l10n"]')?.getAttribute('content'));
