import * as vscode from 'vscode';
import type { Services } from '../services';
import { isKnownAbsent } from '../kit/availability/featureAvailability';
import { resolveCollection } from '../kit/targets/resolveTarget';
import { rulesUri } from './rulesUri';

/**
 * Opens a collection's rules as a JSON file (Rules item, Set Rules…): the rules the service keeps, or, for a
 * collection without rules, a schema to fill in. Saving the file sets them. On a service known to keep no rules
 * (it answered 404 to setting them) it opens nothing and says so, sending nothing.
 */
export async function openRules(services: Services, arg: unknown): Promise<void> {
  const { accountId, db, col } = await resolveCollection(services, arg);
  if (isKnownAbsent(await services.accounts.clientFor(accountId), 'rules')) {
    void services.prompts.info(
      vscode.l10n.t(
        'This service does not keep collection rules (it answered that it has no such endpoint), so {0}.{1} has none to open or set.',
        db,
        col,
      ),
    );
    return;
  }
  await vscode.window.showTextDocument(rulesUri({ accountId, db, col }), { preview: false });
}
