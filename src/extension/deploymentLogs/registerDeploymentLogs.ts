import type { FeatureModule } from '../kit/feature/featureModule';
import { tailingContextValue } from '../kit/feature/contextValues';
import { DeploymentLogTails } from './deploymentLogTails';
import { resolveDeploymentTarget } from '../kit/targets/deploymentTarget';
import { CommandId } from '../kit/feature/commandIds';
import { showLogs } from './showLogs';
import { stopTailing } from './stopTailing';

/** "Tail Logs", "Stop Tailing" and "Show Logs" on deployments; the commands share the running tails. */
export const deploymentLogsFeature: FeatureModule<void, void, DeploymentLogTails> = {
  name: 'deploymentLogs',
  commands: {
    [CommandId.tailLogs]: async ({ services, own: tails }, arg?: unknown) =>
      tails.tail(await resolveDeploymentTarget(services, arg, 'Tail Logs')),
    [CommandId.stopTailing]: ({ services, own: tails }, arg?: unknown) => stopTailing(services, tails, arg),
    [CommandId.showLogs]: ({ services }, arg?: unknown) => showLogs(services, arg),
  },
  register({ services, explorer }) {
    const tails = new DeploymentLogTails(services);
    // Marks the deployments being tailed in the tree, so their menus offer Stop Tailing, not Tail Logs.
    services.context.subscriptions.push(
      tails,
      explorer.contribute('deployment', {
        decorate: (node, item) => {
          if (tails.isTailing(node.target)) item.contextValue = tailingContextValue(item.contextValue);
        },
        onDidChange: tails.onDidChangeTailing,
      }),
    );
    return tails;
  },
};
