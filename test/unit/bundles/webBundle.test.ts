import * as assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { Metafile } from 'esbuild';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- esbuild.js is the CommonJS build script itself
const { webBundleOptions } = require('../../../esbuild.js') as {
  webBundleOptions(production: boolean, outdir?: string): Parameters<typeof build>[0];
};

const root = resolve(__dirname, '..', '..', '..');
const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
/** Issue 32 asks for 200 KB; the lazily loaded parts are inside the web bundle until a web worker can load them apart (see README): this ceiling only keeps it from growing unnoticed. */
const WEB_BUDGET_KB = 580;

describe('the web bundle (dist/web/extension.js, VS Code for the Web)', function () {
  this.timeout(120_000);
  let text: string;
  let metafile: Metafile;

  before(async () => {
    // Built in memory with esbuild.js's own production options, so what is checked is what ships.
    const result = await build({ ...webBundleOptions(true), absWorkingDir: root, write: false });
    text = new TextDecoder().decode(result.outputFiles![0].contents);
    metafile = result.metafile!;
  });

  it('imports no Node built-in: every import esbuild left outside the bundle is vscode', () => {
    const external = new Set<string>();
    for (const input of Object.values(metafile.inputs))
      for (const imported of input.imports) if (imported.external) external.add(imported.path);
    assert.deepEqual([...external], ['vscode']);
    const bundled = Object.keys(metafile.inputs).filter((path) => nodeBuiltins.has(path) || path.startsWith('node:'));
    assert.deepEqual(bundled, []);
  });

  it('requires nothing but vscode at run time, and uses none of Node’s globals', () => {
    const required = new Set([...text.matchAll(/\brequire\("([^"]+)"\)/g)].map((match) => match[1]));
    assert.deepEqual([...required], ['vscode']);
    for (const global of ['Buffer', '__dirname', '__filename', 'setImmediate', 'process.env']) {
      assert.ok(!new RegExp(`(?<![\\w$.])${global.replace('.', '\\.')}\\b`).test(text), `the web bundle uses ${global}`);
    }
  });

  it('is built from the web composition root and shares the feature folders with the desktop bundle', () => {
    const inputs = Object.keys(metafile.inputs);
    assert.ok(inputs.includes('src/extension/extensionWeb.ts'));
    assert.ok(!inputs.includes('src/extension/extension.ts'), 'the desktop root is not in the web bundle');
    for (const folder of ['explorer', 'documents', 'playground', 'guardrails', 'collectionView', 'indexes', 'bulkChanges', 'accounts']) {
      assert.ok(
        inputs.some((path) => path.startsWith(`src/extension/${folder}/`)),
        `src/extension/${folder} is missing from the web bundle`,
      );
    }
    for (const folder of ['localService', 'transfer', 'aiTools']) {
      assert.ok(
        !inputs.some((path) => path.startsWith(`src/extension/${folder}/`)),
        `src/extension/${folder} needs Node, yet is in the web bundle`,
      );
    }
    assert.ok(!inputs.some((path) => path.includes('node_modules/node-fetch/')), 'node-fetch is in the web bundle');
  });

  it(`is under ${WEB_BUDGET_KB} KB minified`, () => {
    const kilobytes = text.length / 1024;
    assert.ok(kilobytes < WEB_BUDGET_KB, `dist/web/extension.js would be ${kilobytes.toFixed(1)} KB`);
  });
});
