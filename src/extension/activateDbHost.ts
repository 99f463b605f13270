import type * as vscode from 'vscode';
import { AccountStore } from './kit/accounts/accountStore';
import type { NewClient } from './kit/accounts/accountStore';
import { Logger } from './base/logger';
import { VirtualDocuments } from './base/virtualDocuments';
import { ResourceChanges } from './base/resourceTarget';
import type { ExplorerProvider } from './explorer/explorerProvider';
import { createExplorer, explorerFeature } from './explorer/registerExplorer';
import type { Services } from './services';
import type { FeatureHost } from './kit/feature/featureModule';
import { activateApart, activateFeature, activateFeatures } from './kit/feature/featureModule';
import { vscodePrompts } from './base/prompts';
import { accountsFeature } from './accounts/registerAccounts';
import { aiToolsFeature } from './aiTools/registerAiTools';
import { bulkChangesFeature } from './bulkChanges/registerBulkChanges';
import { collectionViewFeature } from './collectionView/registerCollectionView';
import { collectionsFeature } from './collections/registerCollections';
import { copyDatabaseFeature } from './copyDatabase/registerCopyDatabase';
import { databaseActivityFeature } from './databaseActivity/registerDatabaseActivity';
import { databasesFeature } from './databases/registerDatabases';
import { deploymentLogsFeature } from './deploymentLogs/registerDeploymentLogs';
import { deploymentStatsFeature } from './deploymentStats/registerDeploymentStats';
import { detailsFeature } from './details/registerDetails';
import { documentsFeature } from './documents/registerDocuments';
import { guardrailsFeature } from './guardrails/registerGuardrails';
import { indexesFeature } from './indexes/registerIndexes';
import { playgroundFeature } from './playground/registerPlaygrounds';
import { rulesFeature } from './rules/registerRules';
import { schemaFeature } from './schema/registerSchema';
import { startFeature } from './start/registerStart';
import type { TransferPart } from './transfer/registerTransfer';
import { transferFeature } from './transfer/registerTransfer';
import { usersFeature } from './users/registerUsers';
import { RulesSaveChecks } from './kit/writes/rulesSaveCheck';
import { walkthroughFeature } from './walkthrough/registerWalkthrough';
import { AfterActivation } from './base/afterActivation';

/**
 * What differs between the desktop extension host (Node) and a browser's web worker, chosen by the two
 * composition roots: extension.ts (dist/extension.mjs) and extensionWeb.ts (dist/web/extension.js).
 */
export interface Platform {
  /** Makes a client: over node-fetch with the key in the query string, or over the browser's fetch with the key in a header. */
  readonly newClient: NewClient;
  /** The one-time account file `npm start` hands over (desktop only). */
  readonly handoverFile: string | undefined;
  /** Export and import, loaded at first use: over Node's files (streamed) or over `vscode.workspace.fs`. */
  readonly transfer: TransferPart;
  /**
   * Activates the features that start processes (the local service, the MCP server), in the desktop only: a
   * browser has no processes, so they are not there.
   */
  readonly activateNodeFeatures?: (host: FeatureHost, explorer: ExplorerProvider) => void;
}

export async function activateDbHost(context: vscode.ExtensionContext, platform: Platform): Promise<void> {
  const activationStarted = performance.now();
  const logger = new Logger();
  const accounts = new AccountStore(context.globalState, context.secrets, logger, platform.newClient);
  const changes = new ResourceChanges();
  context.subscriptions.push(logger, accounts, changes);
  const rulesSaveChecks = new RulesSaveChecks();
  const virtualDocuments = new VirtualDocuments();
  context.subscriptions.push(virtualDocuments);
  const services: Services = {
    context,
    logger,
    accounts,
    changes,
    rulesSaveChecks,
    prompts: vscodePrompts,
    virtualDocuments,
  };

  // The one composition root: every feature is declared in its own folder's register<Feature>.ts and listed in
  // activateAll; src/extension/bundles says which load lazily. Guardrails first, at the account store's choke
  // point: no client is made without the write guard (making the tree, which every feature is handed, makes none).
  const explorer = createExplorer(services);
  const afterActivation = new AfterActivation(logger);
  context.subscriptions.push(afterActivation);
  afterActivation.add('the log channel', () => logger.open());
  const host: FeatureHost = { services, explorer, afterActivation: afterActivation.add };
  try {
    await activateAll(host, platform, explorer);
    logger.info(`Activated in ${(performance.now() - activationStarted).toFixed(1)} ms`);
  } catch (error) {
    // What every feature relies on failed (the write guard, the tree, what one feature gives others).
    logger.error('Could not activate DB Host', error);
    throw error;
  } finally {
    // The set-up the features activated so far handed over runs, whichever failed.
    afterActivation.start();
  }
}

/**
 * Every feature, in order. Those that others rely on are activated with activateFeature, whose failure ends
 * activation; the rest each apart (activateApart, activateFeatures), so that one failing takes no other down.
 */
async function activateAll(host: FeatureHost, platform: Platform, explorer: ExplorerProvider): Promise<void> {
  activateFeature(host, guardrailsFeature, undefined);
  activateFeature(host, explorerFeature, explorer);
  const handedOver = activateFeature(host, accountsFeature, platform.handoverFile);
  platform.activateNodeFeatures?.(host, explorer);
  activateApart(host, transferFeature, platform.transfer);
  activateFeatures(host, [aiToolsFeature, databasesFeature, collectionsFeature, detailsFeature]);
  const playgrounds = activateFeature(host, playgroundFeature, undefined);
  const documents = activateFeature(host, documentsFeature, undefined);
  activateApart(host, indexesFeature, playgrounds.parts.accounts);
  activateFeatures(host, [usersFeature, databaseActivityFeature, copyDatabaseFeature, deploymentStatsFeature, deploymentLogsFeature]);
  activateFeatures(host, [bulkChangesFeature]);
  activateApart(host, schemaFeature, playgrounds.knowledge);
  activateApart(host, rulesFeature, playgrounds.knowledge);
  activateApart(host, collectionViewFeature, documents.documentMerges);
  activateFeatures(host, [walkthroughFeature]);
  activateApart(host, startFeature, await handedOver);
}
