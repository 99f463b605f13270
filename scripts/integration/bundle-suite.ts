import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../vscode-host/paths';

const suiteDir = path.join(repoRoot, 'test', 'integration');
export const bundledSuiteDir = path.join(repoRoot, 'out', 'integration');
/** The module both hosts load: it exports `run()`. */
export const bundledSuiteEntry = path.join(bundledSuiteDir, 'index.js');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Bundles the suite entry and each test file (with the src/ modules they import) to out/integration, with `vscode`
 * left to the extension host and mocha loaded from node_modules at run time.
 */
export async function bundleIntegrationSuite(): Promise<void> {
  fs.rmSync(bundledSuiteDir, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: [path.join(suiteDir, 'index.ts'), ...testFiles(suiteDir)],
    outdir: bundledSuiteDir,
    outbase: suiteDir,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: 'inline',
    sourcesContent: false,
    external: ['vscode', 'mocha'],
    // jsonc-parser's "main" is a UMD build esbuild cannot follow (as in esbuild.js).
    mainFields: ['module', 'main'],
    logLevel: 'error',
  });
  if (result.errors.length > 0) throw new Error('Bundling the integration suite failed');
}
