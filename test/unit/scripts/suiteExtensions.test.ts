import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import Module from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { electronDirs, electronTestOptions } from '../../../scripts/integration/run-in-electron';
import type { SuiteExtensions } from '../../../scripts/integration/suite-extensions';
import { installSuiteExtensions } from '../../../scripts/integration/suite-extensions';
import { harnessExtensionId } from '../../../scripts/vscode-host/extensions-folder';

/** What the stand-in suite saw each time it was run. */
interface SuiteRun {
  context: unknown;
  config: string | undefined;
  file: string;
}

const runsKey = Symbol.for('dbhost.unit.suiteRuns');
const runs = (): SuiteRun[] => ((globalThis as { [key: symbol]: SuiteRun[] })[runsKey] ??= []);

/** A suite entry as bundle-suite.ts writes it: `run(harness)`, here one that records what it was given and may fail. */
const suiteSource = `exports.run = async function run(harness) {
  globalThis[Symbol.for('dbhost.unit.suiteRuns')].push({ context: harness, config: process.env.DBHOST_TEST_CONFIG, file: __filename });
  if (harness.failing) throw new Error('2 integration test(s) failed');
};
`;

/** Loads a generated file as the extension host does (CommonJS). */
const loadFile = Module.createRequire(__filename);

type Load = (request: string, ...rest: unknown[]) => unknown;
const loader = Module as unknown as { _load: Load };

/**
 * Loads the harness's files as VS Code's extension host does: `require('vscode')` gives an API whose
 * `extensions.getExtension` knows the harness, activated once with `context`. Gives that API's activation.
 */
function withExtensionHost<T>(extensions: SuiteExtensions, context: object, act: (activateHarness: () => Promise<unknown>) => Promise<T>) {
  let activation: Promise<unknown> | undefined;
  const activateHarness = () =>
    (activation ??= Promise.resolve(
      (loadFile(path.join(extensions.harnessDir, 'extension.js')) as { activate(context: object): unknown }).activate(context),
    ));
  const vscode = {
    version: '1.0.0-unit',
    extensions: {
      getExtension: (id: string) => (id === harnessExtensionId ? { activate: activateHarness } : undefined),
    },
  };
  const load = loader._load;
  loader._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? vscode : load.call(this, request, ...rest);
  };
  return act(activateHarness).finally(() => {
    loader._load = load;
  });
}

describe('Integration runner: both hosts load the harness extension, which runs the suite with its own context', () => {
  let work: string;
  let product: string;
  let suiteEntry: string;
  const configVariable = process.env.DBHOST_TEST_CONFIG;

  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dbhost-suite-extensions-'));
    product = path.join(work, 'product');
    fs.mkdirSync(path.join(product, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(product, 'package.json'), JSON.stringify({ publisher: 'dbhost', name: 'dbhost', version: '0.1.0' }));
    fs.writeFileSync(path.join(product, 'dist', 'extension.mjs'), 'export function activate() {}\n');
    suiteEntry = path.join(work, 'out', 'integration', 'index.js');
    fs.mkdirSync(path.dirname(suiteEntry), { recursive: true });
    fs.writeFileSync(suiteEntry, suiteSource);
    runs().length = 0;
  });

  afterEach(() => {
    fs.rmSync(work, { recursive: true, force: true });
    if (configVariable === undefined) delete process.env.DBHOST_TEST_CONFIG;
    else process.env.DBHOST_TEST_CONFIG = configVariable;
  });

  const install = (dir: string) =>
    installSuiteExtensions(dir, {
      productDir: product,
      suiteEntry,
      testConfigPath: path.join(work, 'test-config.json'),
      reportPath: path.join(work, 'report.json'),
    });

  it("a desktop run loads the product's copy and the harness as development extensions, and its tests entry awaits the harness's run", async () => {
    const dirs = electronDirs(work);
    const extensions = install(dirs.developmentDir);
    const options = electronTestOptions(extensions, dirs);
    assert.deepEqual(options.extensionDevelopmentPath, [extensions.productCopy, extensions.harnessDir]);
    assert.equal(options.extensionTestsPath, extensions.testsEntry);
    assert.ok(options.launchArgs?.includes('--disable-extensions'), 'installed extensions would run beside the product');

    const context = { globalState: {}, secrets: {} };
    await withExtensionHost(extensions, context, async () => {
      await (loadFile(extensions.testsEntry) as { run(): Promise<void> }).run();
    });
    assert.equal(runs().length, 1, 'the suite ran more or less than once');
    assert.equal(runs()[0].context, context, "the suite was not given the harness's extension context");
    assert.equal(runs()[0].config, path.join(work, 'test-config.json'));
    assert.ok(runs()[0].file.startsWith(extensions.productCopy + path.sep), "the suite does not run from inside the product's folder");
  });

  it('code-server loads the same two extensions, and the harness runs the suite with its context when it activates', async () => {
    const extensions = install(path.join(work, 'code-server', 'extensions'));
    const context = { globalState: {}, secrets: {} };
    await withExtensionHost(extensions, context, async (activateHarness) => {
      const { suiteRun } = (await activateHarness()) as { suiteRun: Promise<void> };
      await suiteRun;
    });
    assert.equal(runs().length, 1);
    assert.equal(runs()[0].context, context);
    assert.ok(runs()[0].file.startsWith(extensions.productCopy + path.sep));
  });

  it('a failing suite fails the desktop run, and the harness reports it when the suite wrote no report', async () => {
    const dirs = electronDirs(work);
    const extensions = install(dirs.developmentDir);
    await withExtensionHost(extensions, { globalState: {}, secrets: {}, failing: true }, async () => {
      await assert.rejects((loadFile(extensions.testsEntry) as { run(): Promise<void> }).run(), /2 integration test\(s\) failed/);
    });
    const report = JSON.parse(fs.readFileSync(path.join(work, 'report.json'), 'utf8')) as { fatal: string; tests: unknown[] };
    assert.match(report.fatal, /2 integration test\(s\) failed/);
    assert.deepEqual(report.tests, []);
  });
});
