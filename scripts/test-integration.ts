// Runs test/integration inside a real VS Code: code-server driven by Chromium (default), or @vscode/test-electron
// when VSCODE_EXECUTABLE is set or --host electron is given. Prints each test and `N passed, N failed`; exits
// non-zero when a test fails, when no test ran, when the product did not activate, or when no report came in time.
//
//   --host code-server|electron   which VS Code hosts the suite
//   --product-dir DIR             the built extension to test (default: this repository)
//   --timeout-seconds N           how long to wait for the suite's report (default 600)
//   --no-build                    use dist/ as it is (the caller has just built)
//   --grep PATTERN                run only the tests whose full title matches
//   --self-test-broken            proves the runner fails: runs the suite against a copy whose activate throws
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { IntegrationTestConfig } from '../test/integration/support/test-config';
import type { SuiteReport } from '../test/integration/support/report';
import { flagValue } from './command-line';
import { bundledSuiteEntry, bundleIntegrationSuite } from './integration/bundle-suite';
import { printReport } from './integration/report-summary';
import { codeServerUserDataDir, runSuiteInCodeServer } from './integration/run-in-code-server';
import type { SuiteRunOptions } from './integration/run-in-code-server';
import { electronUserDataDir, runSuiteInElectron } from './integration/run-in-electron';
import { killProcessesOnExit, stopAllProcesses, stopProcessesOnSignals } from './vscode-host/child-processes';
import { startLocalService } from './vscode-host/local-service';
import { repoRoot } from './vscode-host/paths';
import { ensureHarnessPrerequisites } from './vscode-host/prerequisites';
import { runCommand } from './vscode-host/run-command';
import { timed } from './vscode-host/timing';

type Host = 'code-server' | 'electron';

interface Options {
  host: Host;
  productDir: string;
  timeoutMs: number;
  selfTestBroken: boolean;
  build: boolean;
  grep: string | undefined;
}

function parseOptions(argv: readonly string[]): Options {
  const host = flagValue(argv, '--host') ?? (process.env.VSCODE_EXECUTABLE ? 'electron' : 'code-server');
  if (host !== 'code-server' && host !== 'electron') throw new Error(`--host must be code-server or electron, not ${host}`);
  const timeoutSeconds = Number(flagValue(argv, '--timeout-seconds') ?? 600);
  if (!(timeoutSeconds > 0)) throw new Error('--timeout-seconds must be a positive number');
  return {
    host,
    productDir: path.resolve(flagValue(argv, '--product-dir') ?? repoRoot),
    timeoutMs: timeoutSeconds * 1000,
    selfTestBroken: argv.includes('--self-test-broken'),
    build: !argv.includes('--no-build'),
    grep: flagValue(argv, '--grep'),
  };
}

async function runSuite(options: Options): Promise<number> {
  if (options.build) await timed('build', () => buildProduct());
  await timed('bundle integration suite', () => bundleIntegrationSuite());
  const prerequisites = options.host === 'code-server' ? await timed('prerequisites', () => ensureHarnessPrerequisites()) : undefined;

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbhost-integration-'));
  try {
    const [demo, empty] = await timed('local services', () =>
      Promise.all([
        startLocalService({ dataDir: path.join(workDir, 'service-demo') }),
        startLocalService({ dataDir: path.join(workDir, 'service-empty'), empty: true }),
      ]),
    );
    const reportDir = path.join(workDir, 'report');
    fs.mkdirSync(reportDir);
    const config: IntegrationTestConfig = {
      reportPath: path.join(reportDir, 'report.json'),
      projectRoot: repoRoot,
      resultsDir: path.join(repoRoot, 'test-results'),
      grep: options.grep,
      logsDir: path.join(options.host === 'code-server' ? codeServerUserDataDir(workDir) : electronUserDataDir(workDir), 'logs'),
      services: { demo: { url: demo.url, apiKey: demo.apiKey }, empty: { url: empty.url, apiKey: empty.apiKey } },
    };
    const testConfigPath = path.join(workDir, 'test-config.json');
    fs.writeFileSync(testConfigPath, JSON.stringify(config), { mode: 0o600 });
    const runOptions: SuiteRunOptions = {
      productDir: options.productDir,
      suiteEntry: bundledSuiteEntry,
      testConfigPath,
      reportPath: config.reportPath,
      workDir,
      timeoutMs: options.timeoutMs,
      secrets: [demo.apiKey, empty.apiKey],
    };
    let report: SuiteReport;
    try {
      report = await timed(`suite in ${options.host}`, () =>
        prerequisites ? runSuiteInCodeServer(prerequisites, runOptions) : runSuiteInElectron(runOptions),
      );
    } catch (error) {
      console.log(error instanceof Error ? error.message : String(error));
      console.log('0 passed, 0 failed');
      return 1;
    }
    const outcome = printReport(report);
    for (const problem of outcome.problems) console.log(problem);
    console.log(`${outcome.passed} passed, ${outcome.failed} failed`);
    return outcome.failed > 0 || outcome.problems.length > 0 ? 1 : 0;
  } finally {
    await stopAllProcesses();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** Builds a copy of the extension whose activate throws, runs this script against it, and expects a failed run. */
async function selfTestBroken(options: Options): Promise<number> {
  if (options.build) await buildProduct();
  const brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbhost-broken-extension-'));
  try {
    fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(brokenDir, 'package.json'));
    fs.copyFileSync(path.join(repoRoot, 'package.nls.json'), path.join(brokenDir, 'package.nls.json'));
    fs.cpSync(path.join(repoRoot, 'media'), path.join(brokenDir, 'media'), { recursive: true });
    fs.mkdirSync(path.join(brokenDir, 'dist'));
    fs.writeFileSync(
      path.join(brokenDir, 'dist', 'extension.mjs'),
      "export function activate() { throw new Error('deliberately broken: activate throws'); }\nexport function deactivate() {}\n",
    );
    const args = [
      ...process.execArgv,
      __filename,
      '--no-build',
      '--host',
      options.host,
      '--product-dir',
      brokenDir,
      '--timeout-seconds',
      String(options.timeoutMs / 1000),
    ];
    const { code, output } = await runCapturing(process.execPath, args);
    console.log(
      output
        .trimEnd()
        .split('\n')
        .map((line) => `  | ${line}`)
        .join('\n'),
    );
    const reportedActivationFailure = /did not activate[\s\S]*deliberately broken/.test(output);
    if (code !== 0 && reportedActivationFailure) {
      console.log(`Self-test passed: the runner exited with code ${code} and reported that the broken extension did not activate.`);
      return 0;
    }
    console.error(
      `Self-test FAILED: the runner exited with code ${code}${reportedActivationFailure ? '' : ' without reporting the activation failure'}.`,
    );
    return 1;
  } finally {
    fs.rmSync(brokenDir, { recursive: true, force: true });
  }
}

async function buildProduct(): Promise<void> {
  await runCommand(process.execPath, [path.join(repoRoot, 'esbuild.js')], { cwd: repoRoot });
}

function runCapturing(command: string, args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function main(): Promise<void> {
  killProcessesOnExit();
  stopProcessesOnSignals();
  const options = parseOptions(process.argv.slice(2));
  process.exitCode = options.selfTestBroken ? await selfTestBroken(options) : await runSuite(options);
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  await stopAllProcesses();
  process.exitCode = 1;
});
