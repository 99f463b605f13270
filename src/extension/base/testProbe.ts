import * as vscode from 'vscode';

/** The extension the integration runs install beside the product to run the suite in code-server (scripts/vscode-host/extensions-folder.ts). */
export const INTEGRATION_HARNESS_ID = 'dbhost-tests.integration-harness';

/**
 * The one way to the extension's test hooks: `build` runs, and what it makes is handed out, only in a test run:
 * VS Code's test mode (the Electron runs), or code-server with the integration harness installed beside the
 * product (code-server runs installed extensions in production mode). Nothing a user sets reaches them: no
 * setting, no environment variable.
 */
export function testProbe<T>(context: vscode.ExtensionContext, build: () => T): T | undefined {
  const underTest = context.extensionMode === vscode.ExtensionMode.Test || !!vscode.extensions.getExtension(INTEGRATION_HARNESS_ID);
  return underTest ? build() : undefined;
}
