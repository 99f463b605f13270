import * as vscode from 'vscode';
import { required } from '../base/registerCommand';
import { validateDatabaseName } from '../../core/names/databaseName';
import { FREE_DATABASE_LIMIT } from '../../core/api/limits';
import { countFreeDatabases, isFreePlan } from '../../core/plans/freeDatabases';
import { resolveDatabase } from '../shared/resolveTarget';
import { isAbsentEndpoint, markAbsent } from '../shared/featureAvailability';
import type { Services } from '../services';

/**
 * Copies a database into a new one on the same plan: the name is checked as the database checks it, a copy
 * that would exceed the free databases is refused before anything is sent, and the copy appears in the tree.
 */
export async function copyDatabase(services: Services, arg: unknown): Promise<string | undefined> {
  const { accountId, db: from } = await resolveDatabase(services, arg);
  const client = await services.accounts.clientFor(accountId);
  const [databases, plans] = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'Loading databases and plans…' },
    () => Promise.all([client.listDatabases(), client.listPlans()]),
  );
  const source = databases.find((record) => record.name === from);
  if (!source) throw new Error(`The database ${from} no longer exists on the service.`);
  const plan = plans.find((record) => record.slug === source.slug || record.name === source.plan);
  const free = plan !== undefined && isFreePlan(plan);
  if (free) {
    const used = countFreeDatabases(databases, plans);
    if (used >= FREE_DATABASE_LIMIT) {
      throw new Error(
        `${from} is on the free plan and the account already holds ${used} of its ${FREE_DATABASE_LIMIT} free databases, so a copy would be one too many. Delete a free database first.`,
      );
    }
  }
  const existing = databases.map((record) => record.name);
  const to = required(
    await services.prompts.input({
      title: `Copy database ${from}`,
      prompt: `Name of the new database: a copy of every collection, index and document of ${from}, on the same plan${plan ? ` (${plan.name ?? plan.slug})` : ''}`,
      value: `${from}_copy`,
      validateInput: (text) => validateDatabaseName(text.trim(), existing),
    }),
  ).trim();
  const invalid = validateDatabaseName(to, existing);
  if (invalid) throw new Error(invalid);

  let answer;
  try {
    answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Copying ${from} to ${to}…` }, () =>
      client.copyDatabase(from, to),
    );
  } catch (error) {
    if (!isAbsentEndpoint(error)) throw error;
    markAbsent(client, 'copyDatabase');
    void services.prompts.info('This service does not offer copying databases.');
    return undefined;
  }
  if (!answer.copy) throw new Error(`The service did not copy ${from} to ${to}: ${answer.error ?? 'it gave no reason'}`);
  services.changes.fire({ accountId }, 'databases');
  services.logger.info(`Copied the database ${from} to ${to}`);
  return to;
}
