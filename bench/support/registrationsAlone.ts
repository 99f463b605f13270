import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';

const entry = resolve(__dirname, '..', '..', 'test', 'integration', 'bench', 'registrationsAlone.ts');

/**
 * Copies the packaged product in `productDir` to `outDir` with its code replaced by the registrations alone
 * (test/integration/bench/registrationsAlone.ts, minified as the product is): the same manifest, so the same
 * commands, tools, views and activation events, and only what VS Code waits for at activation. Returns its folder.
 */
export function packageRegistrationsAlone(productDir: string, outDir: string): string {
  rmSync(outDir, { recursive: true, force: true });
  const productCode = join(productDir, 'dist');
  cpSync(productDir, outDir, { recursive: true, filter: (source) => source !== productCode });
  buildSync({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: true,
    external: ['vscode'],
    outfile: join(outDir, 'dist', 'extension.mjs'),
    logLevel: 'silent',
  });
  return outDir;
}
