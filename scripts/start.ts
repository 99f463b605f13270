// `npm start`: builds, starts the local service on demo data with a generated key, and opens VS Code with the
// extension and that account configured: the desktop `code` when it is on PATH, otherwise code-server in the
// browser at a printed address. Runs until Ctrl-C, then stops everything it started.
//
//   --code-server        use code-server even when `code` is installed
//   --port N             code-server's port (default 8080; 0 picks a free one)
//   --data DIR           where it all lives (default .dbhost-data): the service's data (accounts/), the generated
//                        key (start-api-key, so the data and your edits survive a restart), the workspace
//                        VS Code opens (workspace/) and code-server's folders (code-server/, fresh each start)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { flagValue } from './command-line';
import type { ManagedProcess } from './vscode-host/child-processes';
import { killProcessesOnExit, stopAllProcesses } from './vscode-host/child-processes';
import { freshCodeServerDirs, startCodeServer } from './vscode-host/code-server';
import { installExtensionCopy } from './vscode-host/extensions-folder';
import { generateApiKey, startLocalService } from './vscode-host/local-service';
import type { LocalService } from './vscode-host/local-service';
import { repoRoot } from './vscode-host/paths';
import { ensureHarnessPrerequisites } from './vscode-host/prerequisites';
import { runCommand } from './vscode-host/run-command';

/** Read by the extension at activation: the account to add, whose key it moves to SecretStorage before deleting the file. */
const importAccountVariable = 'DBHOST_IMPORT_ACCOUNT_FILE';
const accountLabel = 'Local demo';
/** Opened beside the account at start, so the first click on Run runs a query on the demo data. */
const samplePlaygroundName = 'first-query.query.json';
const samplePlaygroundText = `// A query playground: click "Run" below to run it on the local demo service.
// The results open beside it; change the query and run it again.
{
  "database": "shop",
  "collection": "orders",
  "q": { "status": "paid" },
  "sort": { "total": -1 },
  "limit": 5
}
`;

interface Options {
  forceCodeServer: boolean;
  port: number;
  dataDir: string;
}

function parseOptions(argv: readonly string[]): Options {
  const port = Number(flagValue(argv, '--port') ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be a number from 0 to 65535');
  return {
    forceCodeServer: argv.includes('--code-server'),
    port,
    dataDir: path.resolve(repoRoot, flagValue(argv, '--data') ?? '.dbhost-data'),
  };
}

/** The service keeps each key's data apart, so one key per data folder, generated on first start. */
function keptApiKey(dataDir: string): string {
  const file = path.join(dataDir, 'start-api-key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const apiKey = generateApiKey();
  fs.writeFileSync(file, apiKey, { mode: 0o600 });
  return apiKey;
}

function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, command);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** A one-time file, readable only by this user, that hands the account to the extension; the extension deletes it. */
function accountHandoverFile(dataDir: string): string {
  return path.join(dataDir, 'account-handover.json');
}

function writeAccountHandover(dataDir: string, service: LocalService, open: string): string {
  const file = accountHandoverFile(dataDir);
  fs.writeFileSync(file, JSON.stringify({ label: accountLabel, baseUrl: service.url, apiKey: service.apiKey, open }), { mode: 0o600 });
  return file;
}

/** The sample playground in the workspace; a copy the user changed is theirs and stays as it is. */
function samplePlayground(workspace: string): string {
  const file = path.join(workspace, samplePlaygroundName);
  if (!fs.existsSync(file)) fs.writeFileSync(file, samplePlaygroundText);
  return file;
}

function waitForCtrlC(processes: readonly ManagedProcess[]): Promise<string> {
  return new Promise((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve(signal));
    for (const child of processes) void child.whenExited().then(resolve);
  });
}

async function openDesktopCode(code: string, workspace: string, handover: string): Promise<void> {
  await runCommand(code, ['--new-window', `--extensionDevelopmentPath=${repoRoot}`, workspace], {
    env: { ...process.env, [importAccountVariable]: handover },
  });
  console.log('Opened VS Code with the extension under development and the "Local demo" account.');
}

async function openCodeServer(options: Options, workspace: string, handover: string): Promise<ManagedProcess> {
  const prerequisites = await ensureHarnessPrerequisites();
  // Fresh each start (a stale extensions.json hides a newly copied extension); the data dir keeps the service's data only.
  const dirs = freshCodeServerDirs(path.join(options.dataDir, 'code-server'), workspace);
  installExtensionCopy(repoRoot, dirs.extensionsDir);
  const codeServer = await startCodeServer(prerequisites, dirs, { [importAccountVariable]: handover }, options.port);
  console.log(
    `\nDB Host in VS Code (code-server ${prerequisites.codeServer.version}) is at\n\n  ${codeServer.workbenchUrl}\n\nOpen it in a browser; Ctrl-C stops everything.`,
  );
  return codeServer.process;
}

async function main(): Promise<void> {
  killProcessesOnExit();
  const options = parseOptions(process.argv.slice(2));
  console.log('Building the extension and the local service');
  await runCommand(process.execPath, [path.join(repoRoot, 'esbuild.js')], { cwd: repoRoot });
  const service = await startLocalService({ dataDir: options.dataDir, apiKey: keptApiKey(options.dataDir) });
  console.log(`Local service with demo data at ${service.url} (data in ${path.relative(process.cwd(), options.dataDir) || '.'})`);
  // Kept between starts: the query playgrounds a user writes there are theirs.
  const workspace = path.join(options.dataDir, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  const handover = writeAccountHandover(options.dataDir, service, samplePlayground(workspace));
  try {
    const code = options.forceCodeServer ? undefined : findOnPath('code');
    const running = [service.process];
    if (code) await openDesktopCode(code, workspace, handover);
    else running.push(await openCodeServer(options, workspace, handover));
    const why = await waitForCtrlC(running);
    console.log(why.startsWith('SIG') ? '\nStopping' : `\n${why}`);
  } finally {
    fs.rmSync(handover, { force: true });
    await stopAllProcesses();
  }
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  await stopAllProcesses();
  process.exitCode = 1;
});
