import type { FeatureModule } from '../kit/feature/featureModule';
import type { TreeContributor } from '../kit/tree/treeContributions';
import { tailingContextValue } from '../kit/feature/contextValues';
import * as vscode from 'vscode';
import { registerCommand, required } from '../base/registerCommand';
import type { Services } from '../services';
import { DeploymentLogTails } from './deploymentLogTails';
import { givenDeployment, resolveDeploymentTarget } from '../kit/targets/deploymentTarget';
import type { LogTailSession } from './logTailSession';
import { openLogSnapshot } from './logSnapshots';
import { CommandId } from '../kit/feature/commandIds';

/** "Tail Logs", "Stop Tailing" and "Show Logs" on deployments. */
/** Marks the deployments being tailed in the tree, so their menus offer Stop Tailing, not Tail Logs. */
export function registerDeploymentLogs(services: Services, explorer: TreeContributor): DeploymentLogTails {
  const tails = new DeploymentLogTails(services);
  explorer.contribute('deployment', {
    decorate: (node, item) => {
      if (tails.isTailing(node.target)) item.contextValue = tailingContextValue(item.contextValue);
    },
    onDidChange: tails.onDidChangeTailing,
  });
  services.context.subscriptions.push(
    tails,

    // Returns the session, so tests can read what it appended and wait for lines.
    registerCommand(services, CommandId.tailLogs, async (arg?: unknown): Promise<LogTailSession> => {
      const target = await resolveDeploymentTarget(services, arg, 'Tail Logs');
      return tails.tail(target);
    }),

    registerCommand(services, CommandId.stopTailing, async (arg?: unknown): Promise<boolean> => {
      const given = givenDeployment(arg);
      const running = tails
        .running()
        .filter(
          (session) =>
            (given.accountId === undefined || session.target.accountId === given.accountId) &&
            (given.deployment === undefined || session.target.deployment === given.deployment),
        );
      if (running.length === 0) {
        void services.prompts.info(
          given.deployment
            ? vscode.l10n.t('The log of {0} is not being tailed.', given.deployment)
            : vscode.l10n.t('No deployment log is being tailed.'),
        );
        return false;
      }
      const session =
        running.length === 1
          ? running[0]
          : required(
              await services.prompts.pick(
                running.map((tail) => ({
                  label: tail.target.deployment,
                  description: services.accounts.get(tail.target.accountId)?.label,
                  value: tail,
                })),
                { title: vscode.l10n.t('Stop Tailing'), placeHolder: vscode.l10n.t('Pick the log to stop tailing') },
              ),
            );
      return tails.stop(session.target);
    }),

    registerCommand(services, CommandId.showLogs, async (arg?: unknown): Promise<vscode.Uri> => {
      const target = await resolveDeploymentTarget(services, arg, 'Show Logs');
      const client = await services.accounts.clientFor(target.accountId);
      const entries = await vscode.window.withProgress(
        { location: { viewId: 'dbhost.explorer' }, title: vscode.l10n.t('Reading the log of {0}', target.deployment) },
        () => client.getDeploymentLogs(target.deployment),
      );
      const document = await openLogSnapshot(services.virtualDocuments, services.logger.keys, target.deployment, entries);
      return document.uri;
    }),
  );
  return tails;
}

export const deploymentLogsFeature: FeatureModule = {
  name: 'deploymentLogs',
  register: ({ services, explorer }) => void registerDeploymentLogs(services, explorer),
};
