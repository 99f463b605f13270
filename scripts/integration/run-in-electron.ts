import * as fs from 'node:fs';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import type { SuiteReport } from '../../test/integration/support/report';
import { testConfigVariable } from '../../test/integration/support/test-config';
import type { SuiteRunOptions } from './run-in-code-server';

/** The user data folder of a run in the desktop VS Code (its `logs` hold the product's log). */
export function electronUserDataDir(workDir: string): string {
  return path.join(workDir, 'electron', 'user-data');
}

/**
 * Runs the same suite with @vscode/test-electron: in the desktop VS Code at VSCODE_EXECUTABLE, or in one it
 * downloads (which needs the internet) when that is not set.
 */
export async function runSuiteInElectron(options: SuiteRunOptions): Promise<SuiteReport> {
  const userDataDir = electronUserDataDir(options.workDir);
  const extensionsDir = path.join(options.workDir, 'electron', 'extensions');
  const workspace = path.join(options.workDir, 'electron', 'workspace');
  for (const dir of [userDataDir, extensionsDir, workspace]) fs.mkdirSync(dir, { recursive: true });
  try {
    await runTests({
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
      extensionDevelopmentPath: options.productDir,
      extensionTestsPath: options.suiteEntry,
      extensionTestsEnv: { [testConfigVariable]: options.testConfigPath },
      launchArgs: [
        workspace,
        '--user-data-dir',
        userDataDir,
        '--extensions-dir',
        extensionsDir,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--disable-telemetry',
        '--skip-welcome',
        '--skip-release-notes',
      ],
    });
  } catch (error) {
    // A failing suite makes VS Code exit non-zero; its report still says which tests failed.
    if (!fs.existsSync(options.reportPath)) throw error;
  }
  if (!fs.existsSync(options.reportPath)) throw new Error('VS Code exited without a report from the suite: it never ran');
  return JSON.parse(fs.readFileSync(options.reportPath, 'utf8')) as SuiteReport;
}
