import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openWorkbench } from '../../../scripts/vscode-host/browser';
import { stopAllProcesses } from '../../../scripts/vscode-host/child-processes';
import { freshCodeServerDirs, startCodeServer } from '../../../scripts/vscode-host/code-server';
import { installExtensionCopy } from '../../../scripts/vscode-host/extensions-folder';
import type { LocalService } from '../../../scripts/vscode-host/local-service';
import { startLocalService } from '../../../scripts/vscode-host/local-service';
import { repoRoot } from '../../../scripts/vscode-host/paths';
import { ensureHarnessPrerequisites } from '../../../scripts/vscode-host/prerequisites';
import { watchForKey } from './key-canary';
import { installAgentStandIn } from './agent-stand-in';
import { saveScreenshot } from './screenshots';

export interface ProductSession {
  page: Page;
  /** The local service on demo data the user adds as an account. */
  service: LocalService;
  /** The folder VS Code has open. */
  workspace: string;
  /** code-server's user data folder: settings, logs, and the backups of unsaved editors (hot exit). */
  userDataDir: string;
  close(): Promise<void>;
}

export interface ProductSessionOptions {
  /** Files the workspace holds when VS Code opens it, by path relative to the workspace folder. */
  workspaceFiles?: Record<string, string>;
  /** Installs the agent stand-in beside the product (agent-stand-in.ts): a command that calls the product's tools. */
  agentStandIn?: boolean;
}

/**
 * The product as a user gets it: the built extension installed in code-server, no account yet, a local service
 * on demo data beside it, and the workbench open in Chromium.
 */
export async function openProductSession(options: ProductSessionOptions = {}): Promise<ProductSession> {
  const prerequisites = await ensureHarnessPrerequisites();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbhost-e2e-'));
  let browser: Browser | undefined;
  const close = async (): Promise<void> => {
    await browser?.close();
    await stopAllProcesses();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  try {
    const service = await startLocalService({ dataDir: path.join(workDir, 'service') });
    watchForKey(service.apiKey);
    const dirs = freshCodeServerDirs(path.join(workDir, 'code-server'));
    for (const [relative, text] of Object.entries(options.workspaceFiles ?? {})) {
      const file = path.join(dirs.workspace, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
    installExtensionCopy(repoRoot, dirs.extensionsDir);
    if (options.agentStandIn) installAgentStandIn(dirs.extensionsDir);
    const codeServer = await startCodeServer(prerequisites, dirs);
    browser = await launchChromium(prerequisites.chromium);
    const page = await openWorkbench(browser, codeServer.workbenchUrl);
    return { page, service, workspace: dirs.workspace, userDataDir: dirs.userDataDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The hooks every journey ends with: a screenshot of the screen when a step failed
 * (test-results/e2e/failed-<journey>-<step>.png), and the session closed after the last step.
 */
export function screenshotFailuresThenClose(journey: string, session: () => ProductSession | undefined): void {
  afterEach(async function () {
    const open = session();
    if (this.currentTest?.state === 'failed' && open)
      await saveScreenshot(open.page, `failed-${journey}-${this.currentTest.title.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  after(async () => {
    await session()?.close();
  });
}
