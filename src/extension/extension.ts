import type * as vscode from 'vscode';
import { AccountStore } from './shared/accountStore';
import { importAccountFile } from './accounts/importAccountFile';
import { registerAccountCommands } from './accounts/registerAccountCommands';
import { registerCollectionCommands } from './collections/registerCollectionCommands';
import { registerDatabaseCommands } from './databases/registerDatabaseCommands';
import { registerDetails } from './details/registerDetails';
import { registerDocuments } from './documents/registerDocuments';
import { registerCopyCommands } from './explorer/copyCommands';
import type { ExplorerProvider } from './explorer/explorerProvider';
import { registerExplorer } from './explorer/registerExplorer';
import { registerLocalService } from './localService/registerLocalService';
import { registerDeploymentLogs } from './deploymentLogs/registerDeploymentLogs';
import { registerIndexes } from './indexes/registerIndexes';
import { registerOriginalFeatures } from './bundles/registerOriginalFeatures';
import { Logger } from './base/logger';
import { testProbe } from './base/testProbe';
import { ResourceChanges } from './base/resourceTarget';
import type { Services } from './services';
import type { Prompts } from './ui/prompts';
import { vscodePrompts } from './ui/prompts';
import { registerPlaygrounds } from './playground/registerPlaygrounds';
import type { Guardrails } from './guardrails/registerGuardrails';
import { registerGuardrails } from './guardrails/registerGuardrails';
import { registerTransfer } from './transfer/registerTransfer';
import { registerBulkChanges } from './bulkChanges/registerBulkChanges';
import { registerKnowledge } from './bundles/registerKnowledge';
import { showStartingPoint } from './start/showStartingPoint';
import type { CollectionViews } from './collectionView/registerCollectionView';
import { registerCollectionView } from './collectionView/registerCollectionView';
import { registerAiTools } from './aiTools/registerAiTools';
import type { AiToolHost } from './aiTools/aiToolHost';
import type { McpServers } from './aiTools/mcpServerProvider';
import type { Walkthrough } from './walkthrough/registerWalkthrough';
import { registerWalkthrough } from './walkthrough/registerWalkthrough';

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
  const services: Services = { context, logger, accounts, changes, prompts: vscodePrompts };
  const guardrails = registerGuardrails(services);

  // The one composition root: every feature registers here, each from its own folder.
  const explorer = registerExplorer(services);
  registerAccountCommands(services);
  const localService = registerLocalService(services);
  context.subscriptions.push(localService.onDidChange((accountId) => explorer.setLocalAccount(accountId)));
  registerDatabaseCommands(services);
  registerCollectionCommands(services);
  registerDetails(services);
  registerCopyCommands(services);
  const playgrounds = registerPlaygrounds(services);
  const documents = registerDocuments(services);
  registerIndexes(services, playgrounds.accounts);
  registerOriginalFeatures(services, explorer);
  explorer.showTailing(registerDeploymentLogs(services));
  registerTransfer(services);
  registerBulkChanges(services);
  registerKnowledge(services, explorer, playgrounds);
  const collectionViews = registerCollectionView(services);
  const aiTools = registerAiTools(services);
  const walkthrough = registerWalkthrough(services);

  try {
    const imported = await importAccountFile(accounts, process.env.DBHOST_IMPORT_ACCOUNT_FILE);
    if (imported) showStartingPoint(explorer, imported).catch((error: unknown) => logger.error('Could not show the starting point', error));
  } catch (error) {
    logger.error('Could not import the account handed over at start', error);
  }

  const activationMs = performance.now() - activationStarted;
  logger.info(`Activated in ${activationMs.toFixed(1)} ms`);
  const testing = testProbe(context, (): TestApi => ({
    services,
    explorer,
    activationMs,
    guardrails,
    forgetDocumentsInMemory: () => documents.forgetInMemory(),
    collectionViews,
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
