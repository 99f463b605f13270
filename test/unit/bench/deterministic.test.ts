import * as assert from 'node:assert/strict';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import type { BuildOptions } from 'esbuild';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { viewDocuments } from '../../../bench/paging';
import { saveOneField } from '../../../bench/save';
import { EXTENSION_BUDGET_KB } from '../../../bench/size';
import { eagerFiles } from '../../../bench/support/eagerCode';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

const KEY = 'bench-deterministic-key-21f7';
const root = resolve(__dirname, '..', '..', '..');
// esbuild.js is the project's build script (CommonJS); its options are what ships.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { bundleOptions } = require(join(root, 'esbuild.js')) as {
  bundleOptions(production: boolean): Record<'extensionHost', BuildOptions>;
};

// The figures of `npm run bench` that do not depend on the machine; timings are never asserted.
describe('bench figures that must hold exactly', function () {
  this.timeout(120_000);
  let service: InProcessService;

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    const client = new DbHostClient({ baseUrl: service.url, apiKey: KEY });
    await client.createDatabase('bench', 'sandbox');
    await client.createCollection('bench', 'docs');
    // More than the 1,000 viewed, so that "Load more" stays offered to the end.
    for (let n = 0; n < 1_200; n++) await client.createDocument('bench', 'docs', { n, name: `document ${n}` }, { safe: false });
  });

  after(async () => service?.stop());

  it('views 1,000 documents in the tree with exactly 10 requests and 1,000 documents at page size 100', async () => {
    const outcome = await viewDocuments({ serviceUrl: service.url, apiKey: KEY, db: 'bench', col: 'docs', target: 1_000, pageSize: 100 });
    assert.deepEqual(
      { shown: outcome.shown, requests: outcome.requests, transferred: outcome.transferred },
      { shown: 1_000, requests: 10, transferred: 1_000 },
    );
  });

  it('views 1,000 documents with exactly 50 requests at the default page size of 20', async () => {
    const outcome = await viewDocuments({ serviceUrl: service.url, apiKey: KEY, db: 'bench', col: 'docs', target: 1_000, pageSize: 20 });
    assert.deepEqual(
      { shown: outcome.shown, requests: outcome.requests, transferred: outcome.transferred },
      { shown: 1_000, requests: 50, transferred: 1_000 },
    );
  });

  it('saves one changed field of a 1 MB document with a PUT body under 1 KB', async () => {
    const outcome = await saveOneField({ serviceUrl: service.url, apiKey: KEY, db: 'bench', col: 'docs', bytes: 1024 * 1024 });
    assert.ok(outcome.documentBytes >= 1024 * 1024, `the document is ${outcome.documentBytes} bytes`);
    assert.ok(outcome.putBodyBytes < 1024, `the PUT body is ${outcome.putBodyBytes} bytes`);
  });

  it(`loads under ${EXTENSION_BUDGET_KB} KB of the extension, minified for production, at activation`, async () => {
    // Built in memory with esbuild.js's own production options, so the figure does not depend on what dist/ holds.
    const { extensionHost } = bundleOptions(true);
    const outdir = join(root, 'out', 'bench-size');
    const result = await build({ ...extensionHost, outdir, absWorkingDir: root, write: false });
    const files = new Map(result.outputFiles.map((file) => [relative(outdir, file.path), file.text]));
    const eager = eagerFiles((name) => files.get(name) ?? '');
    assert.ok(eager.size > 1 && eager.size < files.size, `${eager.size} of ${files.size} files load at activation`);
    const kilobytes = [...eager.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
    assert.ok(kilobytes < EXTENSION_BUDGET_KB, `activation would load ${kilobytes.toFixed(1)} KB`);
  });
});
