import type * as vscode from 'vscode';
import { AccountStore } from './shared/accountStore';
import { Logger } from './base/logger';
import { ResourceChanges } from './base/resourceTarget';
import { testProbe } from './base/testProbe';
import type { ExplorerProvider } from './explorer/explorerProvider';
import { registerExplorer } from './explorer/registerExplorer';
import type { Services } from './services';
import type { FeatureHost } from './shared/featureModule';
import { activateFeature, activateFeatures } from './shared/featureModule';
import type { Prompts } from './ui/prompts';
import { vscodePrompts } from './ui/prompts';
import { accountsFeature } from './accounts/registerAccounts';
import { aiToolsFeature } from './aiTools/registerAiTools';
import type { AiToolHost } from './aiTools/aiToolHost';
import type { McpServers } from './aiTools/mcpServerProvider';
import { bulkChangesFeature } from './bulkChanges/registerBulkChanges';
import type { CollectionViewProbe } from './collectionView/collectionViewProbe';
import type { CollectionViews } from './collectionView/registerCollectionView';
import { collectionViewFeature } from './collectionView/registerCollectionView';
import { collectionsFeature } from './collections/registerCollections';
import { copyDatabaseFeature } from './copyDatabase/registerCopyDatabase';
import { databaseActivityFeature } from './databaseActivity/registerDatabaseActivity';
import { databasesFeature } from './databases/registerDatabases';
import { deploymentLogsFeature } from './deploymentLogs/registerDeploymentLogs';
import { deploymentStatsFeature } from './deploymentStats/registerDeploymentStats';
import type { StatsViewProbe } from './deploymentStats/statsViewProbe';
import type { DeploymentLogProbe } from './deploymentLogs/deploymentLogProbe';
import { deploymentLogProbe } from './deploymentLogs/deploymentLogProbe';
import { detailsFeature } from './details/registerDetails';
import { documentsFeature } from './documents/registerDocuments';
import type { Guardrails } from './guardrails/registerGuardrails';
import { registerGuardrails } from './guardrails/registerGuardrails';
import { indexesFeature } from './indexes/registerIndexes';
import { localServiceFeature } from './localService/registerLocalService';
import { playgroundFeature } from './playground/registerPlaygrounds';
import { rulesFeature } from './rules/registerRules';
import { schemaFeature } from './schema/registerSchema';
import { startFeature } from './start/registerStart';
import { transferFeature } from './transfer/registerTransfer';
import { usersFeature } from './users/registerUsers';
import { ConfirmedWrites } from './shared/confirmedWrites';
import { originalFeatures } from './shared/loadOriginalFeatures';
import type { Walkthrough } from './walkthrough/registerWalkthrough';
import { walkthroughFeature } from './walkthrough/registerWalkthrough';

/** What `activate` returns. `testing` is present only in test runs (see {@link testProbe}). */
export interface DbHostExtensionApi {
  testing?: TestApi;
}

export interface TestApi {
  readonly services: Services;
  setPrompts(prompts: Prompts | undefined): void;
  /** The DB Host tree: `getChildren` walks it as the view would. */
  readonly explorer: ExplorerProvider;
  /** Drops what the extension holds about open documents in memory only, as an extension host restart does. */
  forgetDocumentsInMemory(): void;
  /** How long `activate` took, in milliseconds (the bench reports it). */
  readonly activationMs: number;
  /** Guardrails: what the account status bar item shows. */
  readonly guardrails: Guardrails;
  /** The open collection views (loads their code): tests drive a view as its webview would. */
  collectionViews(): CollectionViews;
  /** What each collection view posted to its webview, drew, and the export it last started (loads their code). */
  collectionViewProbe(): CollectionViewProbe;
  /** What each deployment statistics view sent to its chart (loads dist/originalFeatures.js). */
  statsViewProbe(): StatsViewProbe;
  /** What each deployment log channel appended. */
  deploymentLogProbe(): DeploymentLogProbe;
  /** The language-model tools' host (loads dist/aiTools.js): prepareInvocation and the AI activity log. */
  aiTools(): AiToolHost;
  /** The MCP server definitions the extension offers VS Code, one per account. */
  readonly mcpServers: McpServers;
  /** The getting-started walkthrough's steps the extension marked done. */
  readonly walkthrough: Walkthrough;
}

export async function activate(context: vscode.ExtensionContext): Promise<DbHostExtensionApi> {
  const activationStarted = performance.now();
  const logger = new Logger();
  const accounts = new AccountStore(context.globalState, context.secrets, logger);
  const changes = new ResourceChanges();
  context.subscriptions.push(logger, accounts, changes);
  const services: Services = { context, logger, accounts, changes, confirmedWrites: new ConfirmedWrites(), prompts: vscodePrompts };

  // The one composition root: every feature is declared in its own folder's register<Feature>.ts and listed here.
  // Those that give something to others are activated one by one; src/extension/bundles says which load lazily.
  // Guardrails first, at the account store's choke point: no client is made without the write guard.
  const guardrails = registerGuardrails(services);
  const explorer = registerExplorer(services);
  const host: FeatureHost = { services, explorer };
  const handedOver = activateFeature(host, accountsFeature, undefined);
  const localService = activateFeature(host, localServiceFeature, undefined)!;
  context.subscriptions.push(localService.onDidChange((accountId) => explorer.setLocalAccount(accountId)));
  activateFeatures(host, [databasesFeature, collectionsFeature, detailsFeature]);
  const playgrounds = activateFeature(host, playgroundFeature, undefined)!;
  const documents = activateFeature(host, documentsFeature, undefined)!;
  activateFeature(host, indexesFeature, playgrounds.parts.accounts);
  activateFeatures(host, [usersFeature, databaseActivityFeature, copyDatabaseFeature, deploymentStatsFeature, deploymentLogsFeature]);
  activateFeatures(host, [transferFeature, bulkChangesFeature]);
  activateFeature(host, schemaFeature, playgrounds.knowledge);
  activateFeature(host, rulesFeature, playgrounds.knowledge);
  const collectionViews = activateFeature(host, collectionViewFeature, undefined)!;
  const aiTools = activateFeature(host, aiToolsFeature, undefined)!;
  const walkthrough = activateFeature(host, walkthroughFeature, undefined)!;
  activateFeature(host, startFeature, await handedOver);

  const activationMs = performance.now() - activationStarted;
  logger.info(`Activated in ${activationMs.toFixed(1)} ms`);
  const testing = testProbe(context, (): TestApi => ({
    services,
    explorer,
    activationMs,
    guardrails,
    forgetDocumentsInMemory: documents.forgetInMemory,
    collectionViews: collectionViews.views,
    collectionViewProbe: () => collectionViews.probe()!,
    statsViewProbe: () => originalFeatures().statsViewProbe(services)!,
    deploymentLogProbe: () => deploymentLogProbe(context)!,
    aiTools: aiTools.host,
    mcpServers: aiTools.mcpServers,
    walkthrough,
    setPrompts: (prompts) => {
      services.prompts = prompts ?? vscodePrompts;
    },
  }));
  return testing ? { testing } : {};
}

export function deactivate(): void {}
