import * as fs from 'node:fs';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import type { TestOptions } from '@vscode/test-electron';
import type { SuiteReport } from '../../test/integration/support/report';
import type { SuiteRunOptions } from './run-in-code-server';
import type { SuiteExtensions } from './suite-extensions';
import { installSuiteExtensions } from './suite-extensions';

/** The user data folder of a run in the desktop VS Code (its `logs` hold the product's log). */
export function electronUserDataDir(workDir: string): string {
  return path.join(workDir, 'electron', 'user-data');
}

/** The folders of a desktop run. */
export interface ElectronDirs {
  userDataDir: string;
  extensionsDir: string;
  /** The product's copy and the harness, loaded as development extensions (which --disable-extensions leaves on). */
  developmentDir: string;
  workspace: string;
}

/** The folders of a desktop run under its work folder. */
export function electronDirs(workDir: string): ElectronDirs {
  const electron = path.join(workDir, 'electron');
  return {
    userDataDir: electronUserDataDir(workDir),
    extensionsDir: path.join(electron, 'extensions'),
    developmentDir: path.join(electron, 'development'),
    workspace: path.join(electron, 'workspace'),
  };
}

/**
 * What @vscode/test-electron is given: the product's installed copy and the harness extension, as code-server
 * loads them, and the harness's tests.js as `extensionTestsPath`, which awaits the run the harness starts with its
 * own extension context (so the suite reads the product's storage in both hosts).
 */
export function electronTestOptions(extensions: SuiteExtensions, dirs: ElectronDirs): TestOptions {
  return {
    vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
    extensionDevelopmentPath: [extensions.productCopy, extensions.harnessDir],
    extensionTestsPath: extensions.testsEntry,
    launchArgs: [
      dirs.workspace,
      '--user-data-dir',
      dirs.userDataDir,
      '--extensions-dir',
      dirs.extensionsDir,
      '--disable-extensions',
      '--disable-workspace-trust',
      '--disable-telemetry',
      '--skip-welcome',
      '--skip-release-notes',
    ],
  };
}

/**
 * Runs the same suite with @vscode/test-electron: in the desktop VS Code at VSCODE_EXECUTABLE, or in one it
 * downloads (which needs the internet) when that is not set.
 */
export async function runSuiteInElectron(options: SuiteRunOptions): Promise<SuiteReport> {
  const dirs = electronDirs(options.workDir);
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });
  const extensions = installSuiteExtensions(dirs.developmentDir, options);
  try {
    await runTests(electronTestOptions(extensions, dirs));
  } catch (error) {
    // A failing suite makes VS Code exit non-zero; its report still says which tests failed.
    if (!fs.existsSync(options.reportPath)) throw error;
  }
  if (!fs.existsSync(options.reportPath)) throw new Error('VS Code exited without a report from the suite: it never ran');
  return JSON.parse(fs.readFileSync(options.reportPath, 'utf8')) as SuiteReport;
}
