import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { productExtensionId } from '../support/product';
import { readTestConfig } from '../support/test-config';
import { waitFor } from '../support/waitFor';

/** The product's own log file of this run, as Output > DB Host shows it (VS Code writes it under the logs folder). */
function productLogFile(logsDir: string): string | undefined {
  if (!fs.existsSync(logsDir)) return undefined;
  const wanted = `${path.sep}${productExtensionId}${path.sep}DB Host.log`;
  return (fs.readdirSync(logsDir, { recursive: true }) as string[])
    .map((file) => path.join(logsDir, file))
    .find((file) => file.endsWith(wanted));
}

/** The milliseconds of a line the extension logs, e.g. "Activated in 12.3 ms" when activate() returns. */
function loggedMs(file: string | undefined, line: RegExp): number | undefined {
  if (!file) return undefined;
  const found = line.exec(fs.readFileSync(file, 'utf8'));
  return found ? Number(found[1]) : undefined;
}

/**
 * How long the extension host took to load dist/extension.mjs and the chunks it imports, before it called
 * activate(): from the marks VS Code's extension host sets around that load (what Developer: Show Running
 * Extensions counts as its code loading), when this host keeps them where extensions can read them.
 */
function codeLoadingMs(): number | undefined {
  const marks = (globalThis as { MonacoPerformanceMarks?: { getMarks(): { name: string; startTime: number }[] } }).MonacoPerformanceMarks;
  const at = (name: string) => marks?.getMarks().find((mark) => mark.name === `code/extHost/${name}/${productExtensionId}`)?.startTime;
  const [started, loaded] = [at('willLoadExtensionCode'), at('didLoadExtensionCode')];
  return started !== undefined && loaded !== undefined ? loaded - started : undefined;
}

// Records how long activate() took in this real VS Code, for `npm run bench` (bench/activation.ts reads it), from
// the line the extension writes to its log, as a person would read it in Output > DB Host.
describe('Activation time (for npm run bench)', () => {
  it('is logged by the extension and recorded in test-results/activation.json', async () => {
    const extension = vscode.extensions.getExtension(productExtensionId);
    assert.ok(extension, `${productExtensionId} is not installed`);
    await extension.activate();
    const { logsDir, resultsDir } = readTestConfig();
    // VS Code writes a log channel's lines to its file a moment after they are logged.
    const activationMs = await waitFor(() => loggedMs(productLogFile(logsDir), /Activated in (\d+(?:\.\d+)?) ms/), {
      what: `"Activated in … ms" in the product's log under ${logsDir}`,
      limitMs: 20_000,
    });
    // What activate() leaves to the task right after it (language providers, the status bar, context keys).
    const afterActivationMs = await waitFor(() => loggedMs(productLogFile(logsDir), /Set up after activation in (\d+(?:\.\d+)?) ms/), {
      what: `"Set up after activation in … ms" in the product's log under ${logsDir}`,
      limitMs: 20_000,
    });
    const record = {
      activationMs,
      afterActivationMs,
      codeLoadingMs: codeLoadingMs(),
      vscodeVersion: vscode.version,
      recordedAt: new Date().toISOString(),
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, 'activation.json'), `${JSON.stringify(record, null, 2)}\n`);
  });
});
