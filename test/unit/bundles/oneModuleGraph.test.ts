import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions, Metafile } from 'esbuild';
import { build } from 'esbuild';

const root = resolve(__dirname, '..', '..', '..');
// esbuild.js is the project's build script (CommonJS); its options are what ships.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { bundleOptionsIn } = require(join(root, 'esbuild.js')) as {
  bundleOptionsIn(production: boolean, outdir: string): Record<string, BuildOptions>;
};

describe('the extension host code is one module graph (dist/extension.mjs and its lazily loaded parts)', function () {
  this.timeout(60_000);
  let outdir: string;
  let metafile: Metafile;

  before(async () => {
    outdir = mkdtempSync(join(tmpdir(), 'dbhost-graph-'));
    const options = bundleOptionsIn(false, outdir).extensionHost;
    // `vscode` exists only inside VS Code; the unit tests' fake lets Node load the parts here.
    const external = (options.external ?? []).filter((name) => name !== 'vscode');
    const alias = { vscode: resolve(root, 'test/support/vscodeFake/vscode.ts') };
    ({ metafile } = await build({ ...options, external, alias, sourcemap: false, metafile: true, absWorkingDir: root }));
  });

  after(() => rmSync(outdir, { recursive: true, force: true }));

  it('holds each of its source modules in exactly one output file', () => {
    const homes = new Map<string, string[]>();
    for (const [output, { inputs }] of Object.entries(metafile.outputs))
      for (const input of Object.keys(inputs)) if (input.startsWith('src/')) homes.set(input, [...(homes.get(input) ?? []), output]);
    assert.ok(homes.has('src/core/json/lossless.ts'));
    const copied = [...homes].filter(([, outputs]) => outputs.length > 1);
    assert.deepEqual(copied, [], 'modules copied into more than one output');
  });

  it('gives a lazily loaded part the same classes as the rest: a number the parser keeps exactly is the shared LosslessNumber', async () => {
    const home = Object.entries(metafile.outputs).find(([, output]) => 'src/core/json/lossless.ts' in output.inputs)?.[0];
    assert.ok(home, 'no output holds lossless.ts');
    const shared = (await import(pathToFileURL(resolve(root, home)).href)) as Record<string, unknown>;
    const LosslessNumber = Object.values(shared).find((value) => typeof value === 'function' && value.name === 'LosslessNumber') as
      (new (text: string) => object) | undefined;
    assert.ok(LosslessNumber, `${relative(root, home)} exports no LosslessNumber`);
    const parser = (await import(pathToFileURL(join(outdir, 'playgroundParser.mjs')).href)) as {
      parsePlayground(text: string): { entries: Array<{ request?: { query?: { q?: Record<string, unknown> } } }> };
    };
    const parsed = parser.parsePlayground('{"database": "d", "collection": "c", "q": {"n": 9007199254740993}}');
    assert.ok(parsed.entries[0].request?.query?.q?.n instanceof LosslessNumber, 'the parser part made its number with a class of its own');
  });
});
