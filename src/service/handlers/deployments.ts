import type { Account, DeploymentInfo } from '../account';
import { findDeployment } from '../deploymentNames';
import { notFound } from '../errors';
import type { Handler } from '../http/types';

function deploymentRecord(deployment: DeploymentInfo): Record<string, unknown> {
  return {
    name: deployment.name,
    members: deployment.members,
    databases: deployment.databases,
    plan: deployment.plan.name,
    slug: deployment.plan.slug,
  };
}

export function requireDeployment(account: Account, name: string): DeploymentInfo {
  const deployment = findDeployment(account, name);
  if (!deployment) throw notFound(`Deployment "${name}" does not exist; GET /deployments lists the account's deployments`);
  return deployment;
}

export const listDeployments: Handler = ({ account }) => ({ body: account.deployments().map(deploymentRecord) });

export const getDeployment: Handler = ({ account, params }) => {
  const deployment = requireDeployment(account, params.name);
  return {
    body: {
      ...deploymentRecord(deployment),
      type: deployment.plan.type,
      replicaSet: deployment.members.length > 1 ? deployment.name : null,
      memberStates: deployment.members.map((member, position) => ({ name: member, state: position === 0 ? 'PRIMARY' : 'SECONDARY' })),
    },
  };
};

export const getDeploymentLogs: Handler = ({ account, params }) => {
  const deployment = requireDeployment(account, params.name);
  return { body: deployment.members.map((member) => ({ member, log: account.operations.text(member) })) };
};
