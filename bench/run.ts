// `npm run bench`: measures what the product promises, each figure beside its baseline from the same run,
// prints a table and writes bench/results.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleService } from '../test/support/serviceBundle';
import type { ChildService } from '../test/support/testService';
import { startServiceInChild } from '../test/support/testService';
import { ACTIVATION_RECORD, readActivation, recordActivation } from './activation';
import { measureBulkChanges } from './bulkChanges';
import { measureClientOverhead } from './clientOverhead';
import { measureCopyDatabase } from './copyDatabase';
import { measureHugeRecords } from './hugeRecords';
import { measureFairness } from './fairness';
import { measureGroupCommit } from './groupCommit';
import { measureIndexedQueries } from './indexedQueries';
import { collectionViewSizes, readCollectionView, recordCollectionView } from './collectionView';
import { measureLocalService } from './localService';
import { section as postgresSection } from './postgres';
import { viewDocuments } from './paging';
import { saveOneField } from './save';
import { measureSchemaSampling } from './schemaSampling';
import { measureSize } from './size';
import { measureTransfer } from './transfer';
import { measureWindowedExport } from './windowedExport';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import { BENCH_DB, BIG, BIG_COUNT, SMALL, seedAccount } from './support/seedAccount';
import { table } from './support/table';

const KEY = 'bench-key-5d0b';
/** A second account, for another account's latency while the first runs expensive requests. */
const OTHER_KEY = 'bench-other-key-77e1';
const DEFAULT_PAGE_SIZE = 20;
const missing: string[] = [];

function step(title: string): void {
  console.log(`… ${title}`);
}

async function pagingFigures(url: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const pageSize of [100, DEFAULT_PAGE_SIZE]) {
    const outcome = await viewDocuments({ serviceUrl: url, apiKey: KEY, db: BENCH_DB, col: BIG, target: 1_000, pageSize });
    const label = pageSize === DEFAULT_PAGE_SIZE ? `page size ${pageSize} (default)` : `page size ${pageSize}`;
    figures.push(
      figure({
        name: `tree: requests to view ${outcome.shown} of ${BIG_COUNT.toLocaleString('en')} docs, ${label}`,
        value: outcome.requests,
        unit: '',
        baselineName: 'minimum',
        baseline: outcome.minimumRequests,
        target: 'exactly the minimum',
        met: outcome.requests === outcome.minimumRequests,
      }),
      figure({
        name: `tree: documents transferred, ${label}`,
        value: outcome.transferred,
        unit: '',
        baselineName: 'documents shown',
        baseline: outcome.shown,
        target: 'exactly the minimum',
        met: outcome.transferred === outcome.shown,
      }),
    );
  }
  return figures;
}

async function saveFigures(url: string): Promise<Figure[]> {
  const outcome = await saveOneField({ serviceUrl: url, apiKey: KEY, db: BENCH_DB, col: SMALL, bytes: 1024 * 1024, timeRuns: 15 });
  return [
    figure({
      name: 'save one field of a 1 MB document: PUT body',
      value: outcome.putBodyBytes,
      unit: 'B',
      baselineName: 'document bytes',
      baseline: outcome.documentBytes,
      target: '< 1 KB',
      met: outcome.putBodyBytes < 1024,
    }),
    figure({
      name: 'save: parse + diff per MB (extension side)',
      value: outcome.parseAndDiffMsPerMb ?? Number.NaN,
      unit: 'ms',
      baselineName: 'JSON.parse per MB',
      baseline: outcome.jsonParseMsPerMb,
      note: 'median of 15; lossless parseDocumentText + diffToUpdate',
    }),
  ];
}

/** `npm run bench -- --only=client` measures the client overhead alone (quick, for comparing runs); results.json is left as it is. */
const clientOnly = process.argv.includes('--only=client');
/** `npm run bench -- --only=hostile` measures issue 22's figures alone: Copy Database beside another account, and huge import records. */
const hostileOnly = process.argv.includes('--only=hostile');

async function hostileFigures(url: string): Promise<Figure[]> {
  step("another account's latency during a Copy Database of 101,000 documents");
  const figures = await measureCopyDatabase(url, KEY, OTHER_KEY);
  step('import readers on a 100 MB record against 100 MB of small records');
  figures.push(...(await measureHugeRecords()));
  return figures;
}

/** `npm run bench -- --only=bulk` measures issue 25's figures alone (bulk preview cost, undo against the change); results.json is left as it is. */
const bulkOnly = process.argv.includes('--only=bulk');

/** `--only=indexes` measures issue 21's figures alone (results.json is left as it is); `--quick` skips their 1,000,000-document part. */
const indexesOnly = process.argv.includes('--only=indexes');
const quick = process.argv.includes('--quick');

/** `--only=group-commit` measures issue 21's safe inserts by 32 writers against the service before the issue and a bare fsync loop alone (results.json is left as it is). */
const groupCommitOnly = process.argv.includes('--only=group-commit');

async function groupCommitFigures(): Promise<Figure[]> {
  step(
    'safe inserts by 32 writers against the service before issue 21 and a bare fsync per write (the service bundled as the bench runs it)',
  );
  const bundleDir = mkdtempSync(join(tmpdir(), 'dbhost-bench-service-'));
  try {
    return await measureGroupCommit(bundleService(bundleDir), step);
  } finally {
    rmSync(bundleDir, { recursive: true, force: true });
  }
}

async function indexedQueryFigures(): Promise<Figure[]> {
  step(`indexed queries on ${quick ? '1,000 and 100,000' : '1,000, 100,000 and 1,000,000'} documents inserted through the interface`);
  return measureIndexedQueries({ quick, progress: step });
}

async function main(): Promise<void> {
  const figures: Figure[] = [];
  if (process.argv.includes('--only=postgres'))
    return console.log(`\n${table(await postgresSection.run({ smoke: process.argv.includes('--smoke'), step }))}`);
  if (groupCommitOnly) {
    figures.push(...(await groupCommitFigures()));
    const notes = figures.map((measured) => `${measured.name}: ${measured.note ?? ''}`).join('\n');
    console.log(`\n${table(figures)}\n\n${notes}\n\n(load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs)`);
    return;
  }
  if (indexesOnly) {
    figures.push(...(await indexedQueryFigures()));
    console.log(`\n${table(figures)}\n\n(load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs)`);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'dbhost-bench-'));
  let service: ChildService | undefined;
  try {
    step(clientOnly ? 'seeding' : `seeding ${BIG_COUNT.toLocaleString('en')} documents`);
    seedAccount(dataDir, KEY, { big: !clientOnly });
    if (!clientOnly) seedAccount(dataDir, OTHER_KEY, { big: false });
    step('starting the local service');
    service = await startServiceInChild({ dataDir, keepData: true, apiKeys: clientOnly ? [KEY] : [KEY, OTHER_KEY], empty: true });
    if (bulkOnly) {
      figures.push(...(await measureBulkChanges(service.url, KEY, step)));
      const notes = figures.map((measured) => `${measured.name}: ${measured.note ?? ''}`).join('\n');
      console.log(`\n${table(figures)}\n\n${notes}\n\n(load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs)`);
      return;
    }
    if (hostileOnly) {
      figures.push(...(await hostileFigures(service.url)));
      const notes = figures.map((measured) => `${measured.name}: ${measured.note ?? ''}`).join('\n');
      console.log(`\n${table(figures)}\n\n${notes}\n\n(load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs)`);
      return;
    }
    step('client overhead');
    figures.push(...(await measureClientOverhead(service.url, KEY)));
    if (clientOnly) {
      console.log(`\n${table(figures)}\n\n(load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs)`);
      return;
    }
    step('paging through the explorer tree');
    figures.push(...(await pagingFigures(service.url)));
    step('sampling a collection schema');
    figures.push(...(await measureSchemaSampling({ serviceUrl: service.url, apiKey: KEY, db: BENCH_DB, col: BIG })));
    step('saving one field of a 1 MB document');
    figures.push(...(await saveFigures(service.url)));
    step('export of 100,000 documents and import of 10,000');
    figures.push(...(await measureTransfer(service.url, KEY)));
    step('export of 100,000 documents through a slow service (20 ms per request): parallel windows against one page after another');
    figures.push(...(await measureWindowedExport(service.url, KEY)));
    step('local service on 100,000 documents');
    figures.push(...(await measureLocalService(service.url, KEY)));
    step("another account's latency while one runs the most expensive accepted request");
    figures.push(...(await measureFairness(service.url, KEY, OTHER_KEY)));
    figures.push(...(await measureBulkChanges(service.url, KEY, step)));
    figures.push(...(await hostileFigures(service.url)));
  } finally {
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  figures.push(...(await indexedQueryFigures()));
  figures.push(
    ...(await postgresSection.run({ smoke: false, step }).catch((error: Error) => (missing.push(`PostgreSQL: ${error.message}`), []))),
  );
  figures.push(...(await (await import('./aggregation.js')).measureAggregation({ size: quick ? 10_000 : 100_000, progress: step })));
  step('packaging (production build and .vsix, in out/bench/)');
  const size = measureSize(missing);
  figures.push(...size.figures);
  step('activate() of the production bundle inside the real VS Code (the integration harness, one test)');
  const activation = size.product && recordActivation(size.product.dir) ? readActivation() : undefined;
  if (activation) figures.push(activation);
  else missing.push(`activation: the integration harness did not record ${ACTIVATION_RECORD}`);

  step('collection view: open to first page inside the real VS Code (the integration harness, one test)');
  try {
    figures.push(...collectionViewSizes());
  } catch (error) {
    missing.push(`collection view bundles: ${(error as Error).message}`);
  }
  const tableView = recordCollectionView() ? readCollectionView() : undefined;
  if (tableView) figures.push(tableView);
  else missing.push('collection view: the integration harness did not record test-results/collectionView.json');

  console.log(`\n${table(figures)}`);
  for (const line of missing) console.log(`\nNot measured: ${line}`);
  const results = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverage: loadavg()[0],
    figures,
    missing,
  };
  writeFileSync(resolve(__dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote bench/results.json (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs while measuring).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
