import * as vscode from 'vscode';
import { deploymentKey, resolveDeploymentTarget } from '../kit/targets/deploymentTarget';
import { isAbsentEndpoint, markAbsent } from '../kit/availability/featureAvailability';
import type { Services } from '../services';
import { StatsView } from './statsView';

const open = new Map<string, StatsView>();

/**
 * Opens the statistics view of a deployment (or brings back the open one): memory, operations per second by
 * kind and connections, refreshed while it is open. A service without the endpoint gets a calm note and no view.
 */
export async function showDeploymentStats(services: Services, arg: unknown): Promise<void> {
  const target = await resolveDeploymentTarget(services, arg, 'Deployment Statistics');
  const key = deploymentKey(target);
  const shown = open.get(key);
  if (shown) {
    shown.panel.reveal();
    await shown.refresh();
    return;
  }
  const client = await services.accounts.clientFor(target.accountId);
  let first: unknown;
  try {
    first = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Loading the statistics of {0}…', target.deployment) },
      () => client.getDeploymentStats(target.deployment),
    );
  } catch (error) {
    if (!isAbsentEndpoint(error)) throw error;
    markAbsent(client, 'deploymentStats');
    void services.prompts.info(vscode.l10n.t('This service does not offer deployment statistics.'));
    return;
  }
  const panel = vscode.window.createWebviewPanel('dbhost.deploymentStats', `Statistics: ${target.deployment}`, vscode.ViewColumn.Active, {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(services.context.extensionUri, 'dist')],
  });
  const view = new StatsView(panel, services, client, target, first);
  open.set(key, view);
  panel.onDidDispose(() => open.delete(key));
}
