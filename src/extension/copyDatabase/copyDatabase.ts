import * as vscode from 'vscode';
import { required } from '../base/registerCommand';
import { validateDatabaseName } from '../../core/names/databaseName';
import { FREE_DATABASE_LIMIT } from '../../core/api/limits';
import { countFreeDatabases, isFreePlan } from '../../core/plans/freeDatabases';
import { resolveDatabase } from '../kit/targets/resolveTarget';
import { isAbsentEndpoint, markAbsent } from '../kit/availability/featureAvailability';
import type { Services } from '../services';

/**
 * Copies a database into a new one on the same plan: the name is checked as the database checks it, a copy
 * that would exceed the free databases is refused before anything is sent, and the copy appears in the tree.
 */
export async function copyDatabase(services: Services, arg: unknown): Promise<void> {
  const { accountId, db: from } = await resolveDatabase(services, arg);
  const client = await services.accounts.clientFor(accountId);
  const [databases, plans] = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Loading databases and plans…') },
    () => Promise.all([client.listDatabases(), client.listPlans()]),
  );
  const source = databases.find((record) => record.name === from);
  if (!source) throw new Error(vscode.l10n.t('The database {0} no longer exists on the service.', from));
  const plan = plans.find((record) => record.slug === source.slug || record.name === source.plan);
  const free = plan !== undefined && isFreePlan(plan);
  if (free) {
    const used = countFreeDatabases(databases, plans);
    if (used >= FREE_DATABASE_LIMIT) {
      throw new Error(
        vscode.l10n.t(
          '{0} is on the free plan and the account already holds {1} of its {2} free databases, so a copy would be one too many. Delete a free database first.',
          from,
          used,
          FREE_DATABASE_LIMIT,
        ),
      );
    }
  }
  const existing = databases.map((record) => record.name);
  const to = required(
    await services.prompts.input({
      title: vscode.l10n.t('Copy database {0}', from),
      prompt: vscode.l10n.t(
        'Name of the new database: a copy of every collection, index and document of {0}, on the same plan{1}',
        from,
        plan ? ` (${plan.name ?? plan.slug})` : '',
      ),
      value: `${from}_copy`,
      validateInput: (text) => validateDatabaseName(text.trim(), existing),
    }),
  ).trim();
  const invalid = validateDatabaseName(to, existing);
  if (invalid) throw new Error(invalid);

  let answer;
  try {
    answer = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Copying {0} to {1}…', from, to) },
      () => client.copyDatabase(from, to),
    );
  } catch (error) {
    if (!isAbsentEndpoint(error)) throw error;
    markAbsent(client, 'copyDatabase');
    services.changes.fire({ accountId }, 'databases');
    void services.prompts.info(
      vscode.l10n.t('This service does not offer copying databases: Copy Database… is hidden from its databases now.'),
    );
    return;
  }
  if (!answer.copy)
    throw new Error(vscode.l10n.t('The service did not copy {0} to {1}: {2}', from, to, answer.error ?? 'it gave no reason'));
  services.changes.fire({ accountId }, 'databases');
  services.logger.info(`Copied the database ${from} to ${to}`);
}
