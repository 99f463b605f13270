import * as vscode from 'vscode';
import { AccountStore } from './accounts/accountStore';
import { importAccountFile } from './accounts/importAccountFile';
import { registerDocuments } from './documents/registerDocuments';
import type { ExplorerProvider } from './explorer/explorerProvider';
import { registerExplorerFeatures } from './explorer/registerExplorerFeatures';
import { registerDeploymentLogs } from './deploymentLogs/registerDeploymentLogs';
import { registerIndexes } from './indexes/registerIndexes';
import { Logger } from './base/logger';
import { ResourceChanges } from './base/resourceTarget';
import type { Services } from './services';
import type { Prompts } from './ui/prompts';
import { vscodePrompts } from './ui/prompts';
import { registerPlaygrounds } from './playground/registerPlaygrounds';
import { showStartingPoint } from './start/showStartingPoint';

/** What `activate` returns. `testing` is present only in test runs. */
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
}

export async function activate(context: vscode.ExtensionContext): Promise<DbHostExtensionApi> {
  const activationStarted = performance.now();
  const logger = new Logger();
  const accounts = new AccountStore(context.globalState, context.secrets, logger);
  const changes = new ResourceChanges();
  context.subscriptions.push(logger, accounts, changes);
  const services: Services = { context, logger, accounts, changes, prompts: vscodePrompts };

  // Features register here, each from its own folder.
  const explorer = registerExplorerFeatures(services);
  registerPlaygrounds(services);
  const documents = registerDocuments(services);
  registerIndexes(services);
  explorer.showTailing(registerDeploymentLogs(services));

  try {
    const imported = await importAccountFile(accounts, process.env.DBHOST_IMPORT_ACCOUNT_FILE);
    if (imported) showStartingPoint(explorer, imported).catch((error: unknown) => logger.error('Could not show the starting point', error));
  } catch (error) {
    logger.error('Could not import the account handed over at start', error);
  }

  const activationMs = performance.now() - activationStarted;
  logger.info(`Activated in ${activationMs.toFixed(1)} ms`);
  const testing = context.extensionMode === vscode.ExtensionMode.Test || process.env.DBHOST_TEST_HOOKS === '1';
  if (!testing) return {};
  return {
    testing: {
      services,
      explorer,
      activationMs,
      forgetDocumentsInMemory: () => documents.forgetInMemory(),
      setPrompts: (prompts) => {
        services.prompts = prompts ?? vscodePrompts;
      },
    },
  };
}

export function deactivate(): void {}
