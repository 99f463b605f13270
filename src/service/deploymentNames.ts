import type { Account, DeploymentInfo } from './account';

/** The name the documentation gives: the hostname without a leading `nodeN.`, `memberN.` or `routerN.` label, and the port. */
export const memberlessName = (hostname: string, port: number): string => `${hostname.replace(/^(?:node|member|router)\d+\./, '')}:${port}`;

/** The name the service's gem derives: every label ending in a digit removed from the hostname, and the port. */
export const gemDerivedName = (hostname: string, port: number): string => `${hostname.replace(/[^.]+[0-9]+\./g, '')}:${port}`;

/**
 * The account's deployment called `name`: by its own name, or by a name derived from the hostname and port
 * of a database on it, when that derived name points at exactly one deployment of the account.
 */
export function findDeployment(account: Account, name: string): DeploymentInfo | undefined {
  const deployments = account.deployments();
  const exact = deployments.find((deployment) => deployment.name === name);
  if (exact) return exact;
  const derived = deployments.filter((deployment) =>
    deployment.databases.some((database) => {
      const placement = account.placement(database);
      return (
        placement !== undefined &&
        (memberlessName(placement.hostname, placement.port) === name || gemDerivedName(placement.hostname, placement.port) === name)
      );
    }),
  );
  return derived.length === 1 ? derived[0] : undefined;
}
