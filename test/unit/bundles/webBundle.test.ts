import * as assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Metafile } from 'esbuild';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- esbuild.js is the CommonJS build script itself
const { webBundleOptions, webPartOptions, webParts } = require('../../../esbuild.web.js') as {
  webBundleOptions(production: boolean, outdir?: string): Parameters<typeof build>[0];
  webPartOptions(production: boolean, outdir?: string): Parameters<typeof build>[0][];
  webParts: Record<string, string>;
};

const root = resolve(__dirname, '..', '..', '..');
const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
/** Issue 32: the web entry ≤ 200 KB minified, the lazily loaded parts apart as on the desktop. */
const WEB_BUDGET_KB = 200;
/** What a part may require at run time: the API, and the main bundle's loaders that lazyPartWeb.ts hands it. */
const PART_REQUIRES = new Set(['vscode', 'dbhost:lazyPart', 'dbhost:lazyModule']);

describe('the web bundle (dist/web/extension.js, VS Code for the Web)', function () {
  this.timeout(120_000);
  let text: string;
  let metafile: Metafile;
  let parts: { file: string; text: string; metafile: Metafile }[];

  before(async () => {
    // Built in memory with esbuild.web.js's own production options, so what is checked is what ships.
    const result = await build({ ...webBundleOptions(true), absWorkingDir: root, write: false });
    text = new TextDecoder().decode(result.outputFiles![0].contents);
    metafile = result.metafile!;
    parts = await Promise.all(
      webPartOptions(true).map(async (options) => {
        const part = await build({ ...options, absWorkingDir: root, write: false });
        const file = basename(String(options.outfile));
        return { file, text: new TextDecoder().decode(part.outputFiles![0].contents), metafile: part.metafile! };
      }),
    );
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
    assert.ok(
      !inputs.some((path) => path.startsWith('src/extension/localService/')),
      'src/extension/localService needs Node, yet is in the web bundle',
    );
    assert.ok(inputs.includes('src/extension/transfer/registerTransfer.ts'), 'export and import are not registered in the browser');
    assert.ok(!inputs.includes('src/extension/aiTools/mcpServerProvider.ts'), 'the MCP servers (processes) are in the web bundle');
    assert.ok(inputs.includes('src/extension/aiTools/registerAiTools.ts'), 'the language-model tools are not registered in the browser');
    assert.ok(!inputs.some((path) => path.includes('node_modules/node-fetch/')), 'node-fetch is in the web bundle');
  });

  it(`is under ${WEB_BUDGET_KB} KB minified`, () => {
    const kilobytes = text.length / 1024;
    assert.ok(kilobytes < WEB_BUDGET_KB, `dist/web/extension.js would be ${kilobytes.toFixed(1)} KB`);
  });

  it('keeps every lazily loaded part out of the entry: its code is in dist/web/<part>.js, fetched when first awaited', () => {
    const inputs = Object.keys(metafile.inputs);
    for (const [file, entry] of Object.entries(webParts)) assert.ok(!inputs.includes(entry), `${entry} (${file}) is inside the web entry`);
    assert.ok(inputs.includes('src/extension/lazyPartWeb.ts'), 'the entry lacks the browser’s part loader');
  });

  it('has a part in dist/web/ for every part the shared code awaits, so none is missing in the browser', () => {
    const awaited = new Set<string>();
    for (const file of sourceFiles(join(root, 'src', 'extension')))
      for (const match of readFileSync(file, 'utf8').matchAll(/\blazyPart(?:<[^>]*>)?\(\s*'([^']+)'/g)) awaited.add(match[1]);
    assert.deepEqual(
      [...awaited].filter((file) => !Object.hasOwn(webParts, file)),
      [],
    );
  });

  it('has export and import in their own part, over vscode.workspace.fs and not Node’s files', () => {
    const entryInputs = Object.keys(metafile.inputs);
    assert.ok(
      !entryInputs.some((path) => /^src\/extension\/transfer\/(?!registerTransfer)/.test(path)),
      'transfer code is in the web entry',
    );
    const transfer = parts.find((part) => part.file === 'transferWeb.js');
    assert.ok(transfer, 'dist/web/transferWeb.js is not built');
    const inputs = Object.keys(transfer.metafile.inputs);
    assert.ok(inputs.includes('src/extension/transfer/workspaceTransferFiles.ts'));
    for (const desktopOnly of ['nodeTransferFiles.ts', 'atomicFile.ts'])
      assert.ok(!inputs.includes(`src/extension/transfer/${desktopOnly}`), `${desktopOnly} (Node’s files) is in the web part`);
  });

  it('builds each part without Node: a part requires only vscode and the main bundle’s loaders', () => {
    assert.equal(parts.length, Object.keys(webParts).length);
    for (const part of parts) {
      const required = new Set([...part.text.matchAll(/\brequire\("([^"]+)"\)/g)].map((match) => match[1]));
      assert.deepEqual(
        [...required].filter((id) => !PART_REQUIRES.has(id)),
        [],
        `${part.file} requires more`,
      );
      const bundled = Object.keys(part.metafile.inputs).filter((path) => nodeBuiltins.has(path) || path.startsWith('node:'));
      assert.deepEqual(bundled, [], `${part.file} bundles a Node built-in`);
      assert.ok(!/(?<![\w$.])(Buffer|__dirname|__filename|setImmediate)\b/.test(part.text), `${part.file} uses a Node global`);
    }
  });
});

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : [],
  );
}
