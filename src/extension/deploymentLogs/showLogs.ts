import * as vscode from 'vscode';
import type { Services } from '../services';
import { resolveDeploymentTarget } from '../kit/targets/deploymentTarget';
import { openLogSnapshot } from './logSnapshots';

/** Show Logs: reads a deployment's log once and opens it as a read-only document. */
export async function showLogs(services: Services, arg?: unknown): Promise<void> {
  const target = await resolveDeploymentTarget(services, arg, 'Show Logs');
  const client = await services.accounts.clientFor(target.accountId);
  const entries = await vscode.window.withProgress(
    { location: { viewId: 'dbhost.explorer' }, title: vscode.l10n.t('Reading the log of {0}', target.deployment) },
    () => client.getDeploymentLogs(target.deployment),
  );
  await openLogSnapshot(services.virtualDocuments, services.logger.keys, target.deployment, entries);
}
