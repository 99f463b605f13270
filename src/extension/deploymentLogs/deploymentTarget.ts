import type { ResourceTarget } from '../base/resourceTarget';
import { hasTarget } from '../base/resourceTarget';
import { required } from '../commands/registerCommand';
import type { Services } from '../services';

export interface DeploymentTarget {
  accountId: string;
  deployment: string;
}

export const deploymentKey = (target: DeploymentTarget) => `${target.accountId}\u0000${target.deployment}`;

/** The deployment a tree node or caller names, as far as it names one. */
export function givenDeployment(arg: unknown): Partial<DeploymentTarget> {
  const target: Partial<ResourceTarget> = hasTarget(arg)
    ? arg.target
    : typeof arg === 'object' && arg !== null && typeof (arg as ResourceTarget).accountId === 'string'
      ? (arg as ResourceTarget)
      : {};
  return { accountId: target.accountId, deployment: target.deployment };
}

/** The deployment a command acts on; what the node or caller did not say is asked for. */
export async function resolveDeploymentTarget(services: Services, arg: unknown, title: string): Promise<DeploymentTarget> {
  const given = givenDeployment(arg);
  const accountId = given.accountId ?? (await pickAccount(services, title));
  if (given.deployment !== undefined) return { accountId, deployment: given.deployment };
  const client = await services.accounts.clientFor(accountId);
  const deployments = await client.listDeployments();
  if (deployments.length === 0) throw new Error(`The account "${services.accounts.require(accountId).label}" has no deployments: they come with larger shared plans and dedicated installs.`);
  const deployment = required(
    await services.prompts.pick(
      deployments.map((record) => ({ label: record.name, value: record.name })),
      { title: `${title}: deployment`, placeHolder: 'Pick the deployment' },
    ),
  );
  return { accountId, deployment };
}

async function pickAccount(services: Services, title: string): Promise<string> {
  const accounts = services.accounts.list();
  if (accounts.length === 0) throw new Error('Add a DB Host account first.');
  if (accounts.length === 1) return accounts[0].id;
  return required(
    await services.prompts.pick(
      accounts.map((account) => ({ label: account.label, description: account.baseUrl, value: account.id })),
      { title: `${title}: account`, placeHolder: 'Pick the account' },
    ),
  );
}
