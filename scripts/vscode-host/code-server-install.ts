import * as fs from 'node:fs';
import * as path from 'node:path';
import { installAtomically } from './cached-install';
import type { NodeInstall } from './node24';
import { npmCliScript } from './node24';
import { cacheDir, codeServerVersion } from './paths';
import { envWithoutNpmVariables, runCommand } from './run-command';
import { ensureSystemPackages, kerberosHeadersPackage } from './system-packages';

const installDir = path.join(cacheDir, `code-server-${codeServerVersion}`);

export interface CodeServerInstall {
  version: string;
  /** The script to run with Node 24. */
  entry: string;
}

function codeServerInstall(root: string): CodeServerInstall {
  return { version: codeServerVersion, entry: path.join(root, 'node_modules', 'code-server', 'out', 'node', 'entry.js') };
}

function isComplete(root: string): boolean {
  const packageDir = path.join(root, 'node_modules', 'code-server');
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version?: string };
    // The postinstall step fills lib/vscode/node_modules; without it the server cannot start.
    return manifest.version === codeServerVersion && fs.existsSync(path.join(packageDir, 'lib', 'vscode', 'node_modules'));
  } catch {
    return false;
  }
}

/**
 * code-server (pinned) under `.vscode-test/code-server-<version>`, installed on first use with Node 24 and its headers:
 * without `npm_config_nodedir` the native build would use the system Node's headers (or `nodedir` from ~/.npmrc) and fail to load.
 */
export async function ensureCodeServer(node: NodeInstall): Promise<CodeServerInstall> {
  if (isComplete(installDir)) return codeServerInstall(installDir);
  await ensureSystemPackages([kerberosHeadersPackage]);
  console.log(`Installing code-server ${codeServerVersion} into ${installDir} (about two minutes, 600 MB)`);
  await installAtomically(installDir, async (scratch) => {
    fs.writeFileSync(path.join(scratch, 'package.json'), JSON.stringify({ name: 'vscode-test-code-server', private: true }, null, 2));
    const env = {
      ...envWithoutNpmVariables(),
      PATH: `${node.binDir}${path.delimiter}${process.env.PATH ?? ''}`,
      npm_config_nodedir: node.home,
    };
    await runCommand(node.executable, [npmCliScript(), 'install', '--no-audit', '--no-fund', `code-server@${codeServerVersion}`], {
      cwd: scratch,
      env,
      showOutput: true,
    });
    if (!isComplete(scratch))
      throw new Error(`code-server ${codeServerVersion} installed without its VS Code modules (its postinstall step did not run)`);
  });
  return codeServerInstall(installDir);
}
