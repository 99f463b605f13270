import * as vscode from 'vscode';
import { required } from '../../base/registerCommand';
import { resolveAccount, targetOf } from './resolveTarget';
import type { Services } from '../../services';

export interface DeploymentTarget {
  accountId: string;
  deployment: string;
}

export const deploymentKey = (target: DeploymentTarget) => `${target.accountId}\u0000${target.deployment}`;

/** The deployment a tree node or caller names, as far as it names one. */
export function givenDeployment(arg: unknown): Partial<DeploymentTarget> {
  const target = targetOf(arg);
  return { accountId: target?.accountId, deployment: target?.deployment };
}

/** The deployment a command acts on; what the node or caller did not say is asked for. */
export async function resolveDeploymentTarget(services: Services, arg: unknown, title: string): Promise<DeploymentTarget> {
  const given = givenDeployment(arg);
  const { accountId } = await resolveAccount(services, arg);
  if (given.deployment !== undefined) return { accountId, deployment: given.deployment };
  const client = await services.accounts.clientFor(accountId);
  const deployments = await client.listDeployments();
  if (deployments.length === 0)
    throw new Error(
      vscode.l10n.t(
        'The account "{0}" has no deployments: they come with larger shared plans and dedicated installs.',
        services.accounts.require(accountId).label,
      ),
    );
  const deployment = required(
    await services.prompts.pick(
      deployments.map((record) => ({ label: record.name, value: record.name })),
      { title: vscode.l10n.t('{0}: deployment', title), placeHolder: vscode.l10n.t('Pick the deployment') },
    ),
  );
  return { accountId, deployment };
}
