import type { DeploymentInfo } from '../account';
import { notFound } from '../errors';
import type { Handler } from '../http/types';

function deploymentRecord(deployment: DeploymentInfo): Record<string, unknown> {
  return { name: deployment.name, members: deployment.members, databases: deployment.databases, plan: deployment.plan.name, slug: deployment.plan.slug };
}

function requireDeployment(deployments: DeploymentInfo[], name: string): DeploymentInfo {
  const deployment = deployments.find((candidate) => candidate.name === name);
  if (!deployment) throw notFound(`Deployment "${name}" does not exist; GET /deployments lists the account's deployments`);
  return deployment;
}

export const listDeployments: Handler = ({ account }) => ({ body: account.deployments().map(deploymentRecord) });

export const getDeployment: Handler = ({ account, params }) => {
  const deployment = requireDeployment(account.deployments(), params.name);
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
  const deployment = requireDeployment(account.deployments(), params.name);
  return { body: deployment.members.map((member) => ({ member, log: account.operations.text(member) })) };
};
