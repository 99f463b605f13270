import * as fs from 'node:fs';
import * as path from 'node:path';
import { installExtensionCopy, installHarnessExtension } from '../vscode-host/extensions-folder';

export interface SuiteExtensionOptions {
  /** The built extension under test (package.json and dist/). */
  productDir: string;
  /** The bundled suite entry exporting `run()`. */
  suiteEntry: string;
  testConfigPath: string;
  reportPath: string;
}

/** The two extensions a run loads, whichever VS Code hosts it. */
export interface SuiteExtensions {
  /** The product as users install it, with the suite inside it. */
  productCopy: string;
  /** The harness extension: it runs the suite with its own extension context. */
  harnessDir: string;
  /** The harness's `extensionTestsPath` module for a desktop run: it awaits the run the harness started. */
  testsEntry: string;
}

/**
 * Installs a copy of the product, with the suite placed inside it, and the harness extension into `dir`. Both hosts
 * load these two, so the suite gets the same harness context (and reads the product's storage) in either.
 */
export function installSuiteExtensions(dir: string, options: SuiteExtensionOptions): SuiteExtensions {
  const productCopy = installExtensionCopy(options.productDir, dir);
  const { harnessDir, testsEntry } = installHarnessExtension(dir, {
    suiteEntry: placeSuiteInside(productCopy, options.suiteEntry),
    testConfigPath: options.testConfigPath,
    reportPath: options.reportPath,
  });
  return { productCopy, harnessDir, testsEntry };
}

/**
 * Copies the bundled suite into the product's installed copy and returns where its entry now is. VS Code hands
 * `require('vscode')` the API object of the extension whose folder holds the requiring file, so tests loaded from
 * inside the product's folder share the product's `vscode.window`: they answer its prompts and watch its
 * webviews and channels by wrapping that object's functions (test/integration/support/registrations.ts).
 */
function placeSuiteInside(productCopy: string, suiteEntry: string): string {
  const suiteDir = path.dirname(suiteEntry);
  const placed = path.join(productCopy, 'out', path.basename(suiteDir));
  fs.cpSync(suiteDir, placed, { recursive: true });
  return path.join(placed, path.basename(suiteEntry));
}
