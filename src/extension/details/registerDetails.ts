import type { FeatureModule } from '../kit/feature/featureModule';
import * as vscode from 'vscode';
import { required } from '../base/registerCommand';
import { formatPrice, textField } from '../kit/display/recordText';
import { resolveDeploymentTarget } from '../kit/targets/deploymentTarget';
import { resolveAccount, resolveCollection, resolveDatabase, targetOf } from '../kit/targets/resolveTarget';
import type { Services } from '../services';
import { detailsText } from './detailsText';
import { DETAILS_SCHEME } from './detailsRequest';
import { showDetails } from './showDetails';
import { CommandId } from '../kit/feature/commandIds';

/** The details documents, read from the service whenever VS Code reads them (the commands of the feature open them, and Refresh reads one again). */
function registerDetails(services: Services): void {
  services.context.subscriptions.push(
    services.virtualDocuments.computed({ scheme: DETAILS_SCHEME, text: (uri, token) => detailsText(services, uri, token) }),
  );
}

async function pickInvoice(services: Services, accountId: string): Promise<string | number> {
  const client = await services.accounts.clientFor(accountId);
  const invoices = await client.listInvoices();
  if (invoices.length === 0) throw new Error(vscode.l10n.t('This account has no invoices.'));
  return required(
    await services.prompts.pick(
      invoices.map((invoice) => ({ label: `#${invoice.id}`, description: textField(invoice, 'bill_date'), value: invoice.id })),
      { placeHolder: vscode.l10n.t('Choose an invoice') },
    ),
  );
}

async function pickPlan(services: Services, accountId: string): Promise<string> {
  const client = await services.accounts.clientFor(accountId);
  const plans = await client.listPlans();
  return required(
    await services.prompts.pick(
      plans.map((plan) => ({ label: plan.name ?? plan.slug, description: formatPrice(plan.price), value: plan.slug })),
      { placeHolder: vscode.l10n.t('Choose a plan') },
    ),
  );
}

export const detailsFeature: FeatureModule = {
  name: 'details',
  commands: {
    [CommandId.showDatabaseInfo]: async ({ services }, arg?: unknown) => {
      const { accountId, db } = await resolveDatabase(services, arg);
      await showDetails({ kind: 'database', accountId, db });
    },
    [CommandId.showCollectionStatistics]: async ({ services }, arg?: unknown) => {
      const { accountId, db, col } = await resolveCollection(services, arg);
      await showDetails({ kind: 'collection', accountId, db, col });
    },
    [CommandId.showDeploymentDetails]: async ({ services }, arg?: unknown) => {
      const { accountId, deployment } = await resolveDeploymentTarget(services, arg, 'Deployment Details');
      await showDetails({ kind: 'deployment', accountId, deployment });
    },
    [CommandId.showInvoice]: async ({ services }, arg?: unknown) => {
      const { accountId } = await resolveAccount(services, arg);
      const invoice = targetOf(arg)?.invoice ?? (await pickInvoice(services, accountId));
      await showDetails({ kind: 'invoice', accountId, invoice });
    },
    [CommandId.showPlan]: async ({ services }, arg?: unknown) => {
      const { accountId } = await resolveAccount(services, arg);
      const plan = targetOf(arg)?.plan ?? (await pickPlan(services, accountId));
      await showDetails({ kind: 'plan', accountId, plan: String(plan) });
    },
    [CommandId.refreshDetails]: ({ services }, uri?: vscode.Uri) => {
      const target = uri ?? vscode.window.activeTextEditor?.document.uri;
      if (target?.scheme === DETAILS_SCHEME) services.virtualDocuments.refresh(target);
    },
  },
  register: ({ services }) => registerDetails(services),
};
