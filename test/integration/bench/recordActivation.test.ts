import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DbHostExtensionApi } from '../../../src/extension/extension';
import { productExtensionId } from '../support/product';
import { readTestConfig } from '../support/test-config';

// Records how long activate() took in this real VS Code, for `npm run bench` (bench/activation.ts reads it).
describe('Activation time (for npm run bench)', () => {
  it('is measured by the extension and recorded in test-results/activation.json', async () => {
    const extension = vscode.extensions.getExtension<DbHostExtensionApi>(productExtensionId);
    assert.ok(extension, `${productExtensionId} is not installed`);
    const api = await extension.activate();
    const activationMs = api.testing?.activationMs;
    assert.equal(typeof activationMs, 'number', 'the extension does not report its activation time');
    const record = { activationMs, vscodeVersion: vscode.version, recordedAt: new Date().toISOString() };
    const { resultsDir } = readTestConfig();
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, 'activation.json'), `${JSON.stringify(record, null, 2)}\n`);
  });
});
