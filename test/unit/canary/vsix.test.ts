import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { zipEntries } from '../../support/zipEntries';

const root = resolve(__dirname, '..', '..', '..');
// esbuild.js and esbuild.web.js are the project's build scripts (CommonJS): their lists of entries are what ships.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { extensionHostEntries } = require(join(root, 'esbuild.js')) as { extensionHostEntries: Record<string, string> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { webEntries } = require(join(root, 'esbuild.web.js')) as { webEntries: Record<string, string> };
/** Besides the entries, the chunks of modules they share (named by a hash of their content). */
const names = (entries: Record<string, string>) => [...Object.keys(entries), 'c-[A-Z0-9]+'].join('|');
/** What the package may hold (vsce adds its manifest files). */
const ALLOWED = new RegExp(
  '^(extension\\.vsixmanifest|\\[Content_Types\\]\\.xml|extension/(package\\.json|package\\.nls\\.json|l10n/bundle\\.l10n\\.json|' +
    'readme\\.md|changelog\\.md|license(\\.txt)?|media/.+|schemas/.+|' +
    `dist/((service|mcp|statsChart|explainView|collectionView|mergeView)\\.js|(${names(extensionHostEntries)})\\.mjs|web/(${names(webEntries)})\\.js)))$`,
  'i',
);

describe('the .vsix holds no key (canary)', function () {
  this.timeout(180_000);
  const canary = `canary${randomBytes(12).toString('hex')}`;
  const planted = [join(root, '.dbhost-data', 'canary-test', 'key.txt'), join(root, 'test-results', 'canary-test', 'key.txt')];

  before(() => {
    // Where keys really sit on a developer's machine: the kept `npm start` data and test output.
    for (const file of planted) {
      mkdirSync(resolve(file, '..'), { recursive: true });
      writeFileSync(file, `{"apiKey": "${canary}"}\n`);
    }
  });

  after(() => {
    for (const file of planted) rmSync(resolve(file, '..'), { recursive: true, force: true });
    rmSync(join(root, 'out', 'canary-test'), { recursive: true, force: true });
  });

  it('packages only the bundles, media, schemas and docs, and the canary is in no file name or content', () => {
    // The packaging step of `npm run package` (which type-checks and lints first), writing to a folder of its own.
    const outDir = join(root, 'out', 'canary-test');
    const vsix = join(outDir, 'dbhost.vsix');
    try {
      execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'package.ts'), '--outdir', outDir], {
        cwd: root,
        stdio: 'pipe',
        env: { ...process.env, DBHOST_API_KEY: canary },
      });
    } catch (error) {
      const output = `${String((error as { stdout?: Buffer }).stdout ?? '')}${String((error as { stderr?: Buffer }).stderr ?? '')}`;
      assert.fail(`packaging failed: ${output.trim().split('\n').slice(-4).join('\n')}`);
    }
    const entries = zipEntries(vsix);
    assert.ok(
      entries.some((entry) => entry.name === 'extension/dist/extension.mjs'),
      'the package has no dist/extension.mjs',
    );
    const unexpected = entries.map((entry) => entry.name).filter((name) => !ALLOWED.test(name));
    assert.deepEqual(unexpected, [], 'the package holds files it should not');
    for (const entry of entries) {
      assert.ok(!entry.name.includes(canary), `the canary is in the file name ${entry.name}`);
      assert.ok(!entry.content.includes(canary), `the canary is in ${entry.name}`);
    }
  });
});
