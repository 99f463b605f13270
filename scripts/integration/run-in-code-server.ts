import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import type { SuiteReport } from '../../test/integration/support/report';
import { launchChromium, openWorkbench } from '../vscode-host/browser';
import { freshCodeServerDirs, startCodeServer, userDataDirIn } from '../vscode-host/code-server';
import type { RunningCodeServer } from '../vscode-host/code-server';
import type { HarnessPrerequisites } from '../vscode-host/prerequisites';
import { installSuiteExtensions } from './suite-extensions';
import { waitForReport } from './wait-for-report';

export interface SuiteRunOptions {
  /** The built extension under test (package.json and dist/). */
  productDir: string;
  suiteEntry: string;
  testConfigPath: string;
  reportPath: string;
  /** A scratch folder for this run. */
  workDir: string;
  timeoutMs: number;
  /** Masked in whatever log this prints. */
  secrets: readonly string[];
}

function codeServerRoot(workDir: string): string {
  return path.join(workDir, 'code-server');
}

/** The user data folder of a run in code-server (its `logs` hold the product's log). */
export function codeServerUserDataDir(workDir: string): string {
  return userDataDirIn(codeServerRoot(workDir));
}

/**
 * Runs the suite in code-server: the product and the harness extension (installSuiteExtensions) in a fresh extensions folder, the workbench
 * opened in Chromium (the extension host starts only then), and the report awaited with a time limit.
 */
export async function runSuiteInCodeServer(prerequisites: HarnessPrerequisites, options: SuiteRunOptions): Promise<SuiteReport> {
  const dirs = freshCodeServerDirs(codeServerRoot(options.workDir));
  switchOffAutoSave(dirs.userDataDir);
  installSuiteExtensions(dirs.extensionsDir, options);
  let codeServer: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  try {
    codeServer = await startCodeServer(prerequisites, dirs);
    browser = await launchChromium(prerequisites.chromium);
    await openWorkbench(browser, codeServer.workbenchUrl);
    return await waitForReport(options.reportPath, options.timeoutMs, codeServer.process.whenExited());
  } catch (error) {
    const log = extensionHostLog(dirs.userDataDir, options.secrets);
    const detail = log ? `\nThe extension host's log ends:\n${log}` : '';
    throw new Error(`${error instanceof Error ? error.message : String(error)}${detail}`, { cause: error });
  } finally {
    await browser?.close();
    await codeServer?.process.stop();
  }
}

/**
 * VS Code in a browser auto-saves after a second by default; a test that edits and then saves would race it,
 * and lose on a busy machine. Tests of auto-save switch it on for themselves.
 */
function switchOffAutoSave(userDataDir: string): void {
  const file = path.join(userDataDir, 'User', 'settings.json');
  const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(file, JSON.stringify({ ...settings, 'files.autoSave': 'off' }, null, 2));
}

function extensionHostLog(userDataDir: string, secrets: readonly string[]): string | undefined {
  const logsDir = path.join(userDataDir, 'logs');
  if (!fs.existsSync(logsDir)) return undefined;
  const logs = (fs.readdirSync(logsDir, { recursive: true }) as string[])
    .filter((file) => /exthost\.log$/.test(file))
    .map((file) => path.join(logsDir, file));
  if (logs.length === 0) return undefined;
  const text = logs.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  const masked = secrets.reduce((t, secret) => t.split(secret).join('***'), text);
  return masked.trimEnd().split('\n').slice(-40).join('\n');
}
