import * as fs from 'node:fs';
import * as path from 'node:path';
import { ManagedProcess } from './child-processes';
import type { HarnessPrerequisites } from './prerequisites';

export interface CodeServerDirs {
  userDataDir: string;
  extensionsDir: string;
  workspace: string;
  configFile: string;
}

export interface RunningCodeServer {
  /** The workbench address, e.g. http://127.0.0.1:41234/ */
  url: string;
  process: ManagedProcess;
  /** The workbench with `workspace` open. */
  workbenchUrl: string;
}

/**
 * Fresh folders under `root` for one code-server run; start from an empty extensions folder each time (a stale
 * extensions.json hides new extensions). The workspace is `root/workspace` unless one is given.
 */
/** The user data folder that {@link freshCodeServerDirs} makes in `root`. */
export function userDataDirIn(root: string): string {
  return path.join(root, 'user-data');
}

export function freshCodeServerDirs(root: string, workspace = path.join(root, 'workspace')): CodeServerDirs {
  fs.rmSync(root, { recursive: true, force: true });
  const dirs: CodeServerDirs = {
    userDataDir: userDataDirIn(root),
    extensionsDir: path.join(root, 'extensions'),
    workspace,
    configFile: path.join(root, 'config.yaml'),
  };
  for (const dir of [dirs.userDataDir, dirs.extensionsDir, dirs.workspace]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(dirs.configFile, 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n');
  writeUserSettings(dirs.userDataDir);
  return dirs;
}

/** Switches off everything in the workbench that would reach the internet or cover the UI the tests look at. */
function writeUserSettings(userDataDir: string): void {
  const settings = {
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'workbench.enableExperiments': false,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'security.workspace.trust.enabled': false,
    'chat.disableAIFeatures': true,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'npm.fetchOnlinePackageInfo': false,
    'json.schemaDownload.enable': false,
    'typescript.disableAutomaticTypeAcquisition': true,
    'git.enabled': false,
  };
  const dir = path.join(userDataDir, 'User');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
}

/** Starts code-server on 127.0.0.1 (a free port) with Node 24, telemetry and update checks off, and waits until it listens. */
export async function startCodeServer(
  prerequisites: HarnessPrerequisites,
  dirs: CodeServerDirs,
  env: NodeJS.ProcessEnv = {},
  port = 0,
): Promise<RunningCodeServer> {
  const args = [
    prerequisites.codeServer.entry,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--user-data-dir',
    dirs.userDataDir,
    '--extensions-dir',
    dirs.extensionsDir,
    '--config',
    dirs.configFile,
    dirs.workspace,
  ];
  const child = ManagedProcess.start('code-server', prerequisites.node.executable, args, {
    env: { ...process.env, ...env, PATH: `${prerequisites.node.binDir}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  const match = await child.waitForOutput(/HTTP server listening on (http:\/\/127\.0\.0\.1:\d+\/?)/, 60_000);
  const url = match[1].endsWith('/') ? match[1] : `${match[1]}/`;
  return { url, process: child, workbenchUrl: `${url}?folder=${encodeURIComponent(dirs.workspace)}` };
}
