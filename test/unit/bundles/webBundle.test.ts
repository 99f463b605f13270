import * as assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import * as fakeVscode from '../../support/vscodeFake/vscode';
import type { ModuleFunction } from '../../../src/extension/kit/lazy/webModules';
import { webModules } from '../../../src/extension/kit/lazy/webModules';

interface WebBuild {
  files: Array<[string, string]>;
  commonJs: Array<[string, string]>;
  metafile: Metafile;
  eager: string[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- esbuild.web.js is the CommonJS build script itself
const { buildWeb, webEntries } = require('../../../esbuild.web.js') as {
  buildWeb(production: boolean): Promise<WebBuild>;
  webEntries: Record<string, string>;
};

const root = resolve(__dirname, '..', '..', '..');
const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
/** Issue 32: the web entry ≤ 200 KB minified, the lazily loaded parts apart as on the desktop. */
const WEB_BUDGET_KB = 200;
/** What a file of the graph may require besides another file of it: the API, and the module table the entry hands it. */
const OUTSIDE = new Set(['vscode', 'dbhost:webModules']);

describe('the web bundle (dist/web/, VS Code for the Web)', function () {
  this.timeout(120_000);
  let files: Map<string, string>;
  let metafile: Metafile;
  /** The source files each output file holds, by output file name. */
  let inputsOf: Map<string, string[]>;
  let eagerInputs: string[];

  before(async () => {
    // Built in memory with esbuild.web.js's own production build, so what is checked is what ships.
    const web = await buildWeb(true);
    files = new Map(web.files);
    metafile = web.metafile;
    inputsOf = new Map(Object.entries(metafile.outputs).map(([output, { inputs }]) => [output.split('/').pop()!, Object.keys(inputs)]));
    eagerInputs = web.eager.flatMap((name) => inputsOf.get(name) ?? []);
  });

  it('imports no Node built-in: every import esbuild left outside the graph is vscode or the module table', () => {
    const external = new Set<string>();
    for (const input of Object.values(metafile.inputs))
      for (const imported of input.imports) if (imported.external) external.add(imported.path);
    assert.deepEqual(
      [...external].filter((id) => !OUTSIDE.has(id)),
      [],
    );
    const bundled = Object.keys(metafile.inputs).filter((path) => nodeBuiltins.has(path) || path.startsWith('node:'));
    assert.deepEqual(bundled, []);
  });

  it('requires at run time only vscode, the module table and files of the graph, and uses none of Node’s globals', () => {
    for (const [name, text] of files) {
      const required = new Set([...text.matchAll(/(?<![\w$.])require\("([^"]+)"\)/g)].map((match) => match[1]));
      const strange = [...required].filter((id) => !OUTSIDE.has(id) && !(id.startsWith('./') && inputsOf.has(id.slice(2))));
      assert.deepEqual(strange, [], `${name} requires more`);
      for (const global of ['Buffer', '__dirname', '__filename', 'setImmediate', 'process.env']) {
        assert.ok(!new RegExp(`(?<![\\w$.])${global.replace('.', '\\.')}\\b`).test(text), `${name} uses ${global}`);
      }
    }
  });

  it('is built from the web composition root and shares the feature folders with the desktop', () => {
    assert.ok(eagerInputs.includes('src/extension/extensionWeb.ts'));
    const inputs = Object.keys(metafile.inputs);
    assert.ok(!inputs.includes('src/extension/extension.ts'), 'the desktop root is in the web graph');
    for (const folder of ['explorer', 'documents', 'playground', 'guardrails', 'collectionView', 'indexes', 'bulkChanges', 'accounts']) {
      assert.ok(
        eagerInputs.some((path) => path.startsWith(`src/extension/${folder}/`)),
        `src/extension/${folder} is missing from the web entry`,
      );
    }
    assert.ok(!inputs.some((path) => path.startsWith('src/extension/localService/')), 'src/extension/localService needs Node');
    assert.ok(eagerInputs.includes('src/extension/transfer/registerTransfer.ts'), 'export and import are not registered in the browser');
    assert.ok(!inputs.includes('src/extension/aiTools/mcpServerProvider.ts'), 'the MCP servers (processes) are in the web graph');
    assert.ok(
      eagerInputs.includes('src/extension/aiTools/registerAiTools.ts'),
      'the language-model tools are not registered in the browser',
    );
    assert.ok(!inputs.some((path) => path.includes('node_modules/node-fetch/')), 'node-fetch is in the web graph');
  });

  it(`has an entry, dist/web/extension.js, under ${WEB_BUDGET_KB} KB minified`, () => {
    const kilobytes = files.get('extension.js')!.length / 1024;
    assert.ok(kilobytes < WEB_BUDGET_KB, `dist/web/extension.js would be ${kilobytes.toFixed(1)} KB`);
  });

  it('keeps every lazily loaded part out of the entry: its code is in dist/web/<part>.js, fetched when first awaited', () => {
    for (const [part, entry] of Object.entries(webEntries)) {
      if (part === 'extension') continue;
      assert.ok(!eagerInputs.includes(entry), `${entry} (${part}) is inside the web entry`);
      assert.ok(files.has(`${part}.js`), `dist/web/${part}.js is not built`);
    }
    assert.ok(eagerInputs.includes('src/extension/lazyPartWeb.ts'), 'the entry lacks the browser’s part loader');
  });

  it('has a part in dist/web/ for every part the shared code awaits, so none is missing in the browser', () => {
    const awaited = new Set<string>();
    for (const file of sourceFiles(join(root, 'src', 'extension')))
      for (const match of readFileSync(file, 'utf8').matchAll(/\blazyPart(?:<[^>]*>)?\(\s*'([^']+)'/g)) awaited.add(match[1]);
    assert.ok(awaited.size > 5, `only ${awaited.size} awaited parts found`);
    assert.deepEqual(
      [...awaited].filter((part) => !Object.hasOwn(webEntries, part)),
      [],
    );
  });

  it('has export and import in their own part, over vscode.workspace.fs and not Node’s files', () => {
    assert.ok(
      !eagerInputs.some((path) => /^src\/extension\/transfer\/(?!registerTransfer)/.test(path)),
      'transfer code is in the web entry',
    );
    const inputs = Object.keys(metafile.inputs);
    assert.ok(inputs.includes('src/extension/transfer/workspaceTransferFiles.ts'));
    for (const desktopOnly of ['nodeTransferFiles.ts', 'atomicFile.ts'])
      assert.ok(!inputs.includes(`src/extension/transfer/${desktopOnly}`), `${desktopOnly} (Node’s files) is in the web graph`);
  });

  it('is one module graph: each source module is in exactly one file', () => {
    const homes = new Map<string, string[]>();
    for (const [output, inputs] of inputsOf)
      for (const input of inputs) if (input.startsWith('src/')) homes.set(input, [...(homes.get(input) ?? []), output]);
    assert.ok(homes.has('src/core/json/lossless.ts'));
    assert.deepEqual(
      [...homes].filter(([, outputs]) => outputs.length > 1),
      [],
      'modules copied into more than one file',
    );
  });
});

describe('the web module table, on the files of the web build', function () {
  this.timeout(120_000);

  it('gives a fetched part the classes the entry holds: a number the parser keeps exactly is the shared LosslessNumber', async () => {
    // Unminified, so that the class keeps its name; each file is defined as lazyPartWeb.ts defines what it fetches.
    const web = await buildWeb(false);
    const texts = new Map(web.commonJs);
    const modules = webModules({}, importsOf(web.metafile), (id) => {
      if (id === 'vscode') return fakeVscode;
      throw new Error(`a file of the graph asked for ${id}`);
    });
    assert.ok(modules.missing('playgroundParser.js').length > 1, 'the parser part needs no chunk');
    for (const name of modules.missing('playgroundParser.js')) modules.define(name, texts.get(name)!, name);
    assert.deepEqual(modules.missing('playgroundParser.js'), []);
    const parser = modules.require('playgroundParser.js') as {
      parsePlayground(text: string): { entries: Array<{ request?: { query?: { q?: Record<string, unknown> } } }> };
    };
    const home = Object.entries(web.metafile.outputs).find(([, output]) => 'src/core/json/lossless.ts' in output.inputs)?.[0];
    assert.ok(home, 'no file holds lossless.ts');
    const shared = modules.require(home.split('/').pop()!) as Record<string, unknown>;
    const LosslessNumber = Object.values(shared).find((value) => typeof value === 'function' && value.name === 'LosslessNumber') as
      (new (text: string) => object) | undefined;
    assert.ok(LosslessNumber, `${home} exports no LosslessNumber`);
    const parsed = parser.parsePlayground('{"database": "d", "collection": "c", "q": {"n": 9007199254740993}}');
    assert.ok(parsed.entries[0].request?.query?.q?.n instanceof LosslessNumber, 'the parser part made its number with a class of its own');
  });

  it('evaluates each file once, however many parts require it', () => {
    let evaluations = 0;
    const count: ModuleFunction = (module) => {
      evaluations++;
      module.exports = { made: evaluations };
    };
    const modules = webModules({ 'c-A.js': count }, { 'a.js': ['c-A.js'], 'b.js': ['c-A.js'], 'c-A.js': [] }, () => undefined);
    modules.define('a.js', 'module.exports = require("./c-A.js");', 'a.js');
    modules.define('b.js', 'module.exports = require("./c-A.js");', 'b.js');
    assert.equal(modules.require('a.js'), modules.require('b.js'));
    assert.equal(evaluations, 1);
    assert.deepEqual(modules.missing('a.js'), []);
    assert.deepEqual(modules.missing('c.js'), ['c.js']);
  });
});

/** The output file names each file imports statically, as the build hands the table. */
function importsOf(metafile: Metafile): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(metafile.outputs)
      .filter(([output]) => output.endsWith('.js'))
      .map(([output, { imports }]) => [
        output.split('/').pop()!,
        imports.filter((entry) => entry.kind === 'import-statement' && !entry.external).map((entry) => entry.path.split('/').pop()!),
      ]),
  );
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : [],
  );
}
