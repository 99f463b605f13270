// `npm run package` (after its type check and lint): the production bundles and the .vsix, made in a staging
// folder of their own, out/package/, so that dist/ (the development build the test runs load) is never
// overwritten. Writes out/dbhost.vsix. `--outdir DIR` stages elsewhere (the bench measures its own copy).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { flagValue } from './command-line';
import { repoRoot } from './vscode-host/paths';

/** What the package holds besides the bundles; .vscodeignore says the same file by file. */
const packagedFiles = [
  'package.json',
  'package.nls.json',
  'l10n',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  '.vscodeignore',
  'media',
  'schemas',
];

export interface PackagedProduct {
  /** The staged extension folder: package.json, dist/ and the rest, as the .vsix holds them. */
  dir: string;
  vsix: string;
}

export function packageProduct(outDir = path.join(repoRoot, 'out')): PackagedProduct {
  const dir = path.join(outDir, 'package');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of packagedFiles) fs.cpSync(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });

  // vsce runs vscode:prepublish before packaging; the bundles are already built here, once.
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  delete manifest.scripts;
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  execFileSync(process.execPath, [path.join(repoRoot, 'esbuild.js'), '--production', '--outdir', path.join(dir, 'dist')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  const vsix = path.join(outDir, 'dbhost.vsix');
  const vsce = path.join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');
  execFileSync(
    process.execPath,
    [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', vsix],
    { cwd: dir, stdio: 'inherit' },
  );
  return { dir, vsix };
}

if (require.main === module) {
  const { vsix } = packageProduct(path.resolve(flagValue(process.argv, '--outdir') ?? path.join(repoRoot, 'out')));
  console.log(`Packaged ${path.relative(process.cwd(), vsix)}`);
}
