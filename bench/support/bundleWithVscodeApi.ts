import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';

const root = resolve(__dirname, '..', '..');

/**
 * Bundles an extension module with `vscode` resolved to the unit tests' fake (test/support/vscodeFake/vscode.ts) and loads it, so that
 * code from src/extension that only builds tree items runs in plain Node.
 */
export function loadWithVscodeApi<T>(entry: string): T {
  const outfile = join(mkdtempSync(join(tmpdir(), 'dbhost-bench-')), 'module.js');
  buildSync({
    entryPoints: [resolve(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    mainFields: ['module', 'main'],
    alias: { vscode: resolve(root, 'test/support/vscodeFake/vscode.ts') },
    outfile,
    logLevel: 'silent',
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(outfile) as T;
}
