import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BenchContext } from './section';

const root = resolve(__dirname, '..', '..');

/**
 * Builds dist/ (node esbuild.js) when `file` is not in it, as on a fresh clone: the sections that run the integration
 * harness start the local service from dist/service.js and load the product's bundles from there.
 */
export function ensureBuilt(context: BenchContext, file: string): void {
  if (existsSync(resolve(root, 'dist', file))) return;
  context.step(`building dist/ (node esbuild.js): it holds no ${file}`);
  execFileSync(process.execPath, ['esbuild.js'], { cwd: root, stdio: 'ignore' });
}
