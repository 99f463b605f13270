import * as vscode from 'vscode';
import { isServiceError } from '../../../core/api/serviceError';
import { DeploymentNode } from './deploymentNode';
import { MessageNode } from '../../kit/tree/messageNode';
import { ContextValue } from '../../kit/feature/contextValues';
import { listNode } from '../../kit/tree/listNode';

/** Statuses with which the service says the account's plans have no deployments to show. */
const NO_DEPLOYMENTS_STATUSES = new Set([403, 404, 501]);

export const DeploymentsNode = listNode({
  kind: 'deployments',
  label: () => vscode.l10n.t('Deployments'),
  icon: 'server-environment',
  contextValue: ContextValue.deployments,
  target: (parent) => ({ accountId: parent.accountId }),
  what: () => 'deployments',
  empty: () => vscode.l10n.t('No deployments'),
  load: async (client, list) => (await client.listDeployments()).map((record) => new DeploymentNode(list, record)),
  failed: (error, list) =>
    isServiceError(error) && error.kind === 'http' && error.status !== undefined && NO_DEPLOYMENTS_STATUSES.has(error.status)
      ? [
          new MessageNode(
            list,
            vscode.l10n.t("No deployments on this account's plans"),
            vscode.l10n.t('Deployments, their details and logs exist only for larger shared plans, dedicated and custom installs.'),
          ),
        ]
      : undefined,
});
