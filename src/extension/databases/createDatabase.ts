import * as vscode from 'vscode';
import { isServiceError } from '../../core/api/serviceError';
import type { PlanRecord } from '../../core/api/types';
import { required } from '../base/registerCommand';
import { formatPrice } from '../kit/display/recordText';
import { resolveAccount } from '../kit/targets/resolveTarget';
import { revealInExplorer } from '../kit/targets/revealInExplorer';
import type { Services } from '../services';
import { validateDatabaseName } from '../../core/names/databaseName';
import { FREE_DATABASE_LIMIT } from '../../core/api/limits';
import { countFreeDatabases, isFreePlan } from '../../core/plans/freeDatabases';

/** Picks a plan (with prices and the free databases used), asks for a name and creates the database. */
export async function createDatabase(services: Services, arg: unknown): Promise<void> {
  const { accountId } = await resolveAccount(services, arg);
  const client = await services.accounts.clientFor(accountId);
  const [plans, databases] = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Loading plans…') },
    () => Promise.all([client.listPlans(), client.listDatabases()]),
  );
  if (plans.length === 0) throw new Error(vscode.l10n.t('The service offers no plans to create a database on.'));
  const freeUsed = countFreeDatabases(databases, plans);
  const freeLeft = Math.max(0, FREE_DATABASE_LIMIT - freeUsed);
  const usage = vscode.l10n.t('{0} of {1} free databases used', freeUsed, FREE_DATABASE_LIMIT);
  const plan = required(
    await services.prompts.pick(
      plans.map((record) => ({
        label: record.name ?? record.slug,
        description: [formatPrice(record.price), record.type].filter(Boolean).join(' · '),
        detail: isFreePlan(record)
          ? freeLeft === 0
            ? vscode.l10n.t('{0}: the service will refuse another', usage)
            : usage
          : vscode.l10n.t('Paid: needs payment information on the account'),
        value: record,
      })),
      {
        title: vscode.l10n.t('Create database: choose a plan ({0})', usage),
        placeHolder: vscode.l10n.t('The plan the new database runs on'),
        matchOnDescription: true,
      },
    ),
  );
  const existing = databases.map((db) => db.name);
  const name = required(
    await services.prompts.input({
      title: vscode.l10n.t('Create database on {0}', plan.name ?? plan.slug),
      prompt: vscode.l10n.t('Name of the new database'),
      validateInput: (text) => validateDatabaseName(text.trim(), existing),
    }),
  ).trim();
  const invalid = validateDatabaseName(name, existing);
  if (invalid) throw new Error(invalid);
  try {
    await client.createDatabase(name, plan.slug);
  } catch (error) {
    throw explainRefusal(error, name, plan, freeUsed);
  }
  services.changes.fire({ accountId }, 'databases');
  services.logger.scoped('databases').info(`Created the database ${name} on ${plan.slug}`);
  revealInExplorer({ accountId, db: name });
}

/** Turns the service's refusal into the rule that caused it, keeping the service's own words. */
function explainRefusal(error: unknown, name: string, plan: PlanRecord, freeUsed: number): unknown {
  if (!isServiceError(error) || error.kind !== 'http' || error.status === undefined || error.status >= 500) return error;
  const said = error.serviceMessage ?? error.message;
  if (!isFreePlan(plan) && (error.status === 402 || /pay|billing|card/i.test(said))) {
    return new Error(
      vscode.l10n.t('The service refused to create {0} on the paid plan {1}: {2}. ', name, plan.name ?? plan.slug, said) +
        vscode.l10n.t(
          'A paid plan needs payment information on the account; add it with the service, then try again, or choose the free plan.',
        ),
    );
  }
  if (isFreePlan(plan) && (freeUsed >= FREE_DATABASE_LIMIT || /free|limit/i.test(said))) {
    return new Error(
      vscode.l10n.t(
        'The service refused to create {0}: {1}. An account may hold at most {2} free databases; delete one or choose a paid plan.',
        name,
        said,
        FREE_DATABASE_LIMIT,
      ),
    );
  }
  return error;
}
