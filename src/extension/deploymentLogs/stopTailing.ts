import * as vscode from 'vscode';
import { required } from '../base/registerCommand';
import type { Services } from '../services';
import { givenDeployment } from '../kit/targets/deploymentTarget';
import type { DeploymentLogTails } from './deploymentLogTails';

/** Stop Tailing: the given deployment's tail, the only one running, or the one picked among those running. */
export async function stopTailing(services: Services, tails: DeploymentLogTails, arg?: unknown): Promise<void> {
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
    return;
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
  tails.stop(session.target);
}
