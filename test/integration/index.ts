// The suite entry for both hosts: the harness extension calls `run()` from its `activate` with its own extension
// context, in code-server and in the desktop VS Code (whose extensionTestsPath, the harness's tests.js, awaits it).
// Bundled by scripts/integration/bundle-suite.ts to out/integration/index.js, beside the bundled *.test.js files it runs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type MochaType from 'mocha';
import * as vscode from 'vscode';
import { productExtensionId } from './support/product';
// Before the product activates: the tests read what it registers with VS Code (its tree, status items, providers).
import './support/registrations';
import './support/outputChannels';
import { observeProductStorage } from './support/productStorage';
import type { ProductExtensionState, SuiteReport, TestResult } from './support/report';
import { resetAfterEachTopLevelSuite, rootHooks } from './support/rootHooks';
import type { IntegrationTestConfig } from './support/test-config';
import { readTestConfig } from './support/test-config';

/** Mocha from the project's node_modules by absolute path: the extension host's own module paths do not include it. */
function loadMocha(projectRoot: string): typeof MochaType {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(projectRoot, 'node_modules', 'mocha', 'lib', 'mocha.cjs')) as typeof MochaType;
}

function suiteFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return suiteFiles(full);
      return entry.name.endsWith('.test.js') ? [full] : [];
    })
    .sort();
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/** Activates the product before any test, so that the report says whether it activated even when no test asks. */
async function activateProduct(): Promise<ProductExtensionState> {
  const extension = vscode.extensions.getExtension(productExtensionId);
  if (!extension) return { found: false, active: false };
  try {
    await extension.activate();
    return { found: true, active: extension.isActive };
  } catch (error) {
    return { found: true, active: false, activationError: describeError(error) };
  }
}

function writeReport(reportPath: string, report: SuiteReport): void {
  // Written beside and renamed into place, so the driving script never reads half a report.
  const partial = `${reportPath}.partial`;
  fs.writeFileSync(partial, JSON.stringify(report, null, 2));
  fs.renameSync(partial, reportPath);
}

function runMocha(files: readonly string[], results: TestResult[], config: IntegrationTestConfig): Promise<number> {
  const Mocha = loadMocha(config.projectRoot);
  const grep = config.grep;
  const mocha = new Mocha({ ui: 'bdd', timeout: 30_000, color: false, reporter: 'spec', grep, rootHooks: rootHooks() });
  resetAfterEachTopLevelSuite(mocha.suite);
  for (const file of files) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run(resolve);
      runner.on('pass', (test) => results.push({ title: test.fullTitle(), state: 'passed' }));
      runner.on('fail', (test, error) => results.push({ title: test.fullTitle(), state: 'failed', error: describeError(error) }));
      runner.on('pending', (test) => results.push({ title: test.fullTitle(), state: 'pending' }));
    } catch (error) {
      reject(error);
    }
  });
}

/**
 * Runs the suite. `harness` is the context of the harness extension that calls it, in code-server and in the desktop
 * VS Code alike (scripts/vscode-host/extensions-folder.ts): through it the suite watches the storage VS Code gives
 * the product, before the product activates.
 */
export async function run(harness: vscode.ExtensionContext): Promise<void> {
  const config = readTestConfig();
  const results: TestResult[] = [];
  let fatal: string | undefined;
  let productExtension: ProductExtensionState = { found: Boolean(vscode.extensions.getExtension(productExtensionId)), active: false };
  try {
    observeProductStorage(harness);
    productExtension = await activateProduct();
    await runMocha(suiteFiles(__dirname), results, config);
  } catch (error) {
    fatal = describeError(error);
  }
  const report: SuiteReport = { vscodeVersion: vscode.version, tests: results, productExtension, fatal };
  writeReport(config.reportPath, report);
  const failed = results.filter((r) => r.state === 'failed').length;
  if (fatal) throw new Error(`The suite could not run: ${fatal}`);
  if (failed > 0) throw new Error(`${failed} integration test(s) failed`);
  if (results.length === 0) throw new Error('No integration tests ran');
}
