import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { BenchSection } from './support/section';
import { ensureBuilt } from './support/ensureBuilt';
import { eagerKilobytes } from './support/eagerCode';

const root = resolve(__dirname, '..');
/** Written by test/integration/bench/recordCollectionView.test.ts inside the real VS Code. */
export const COLLECTION_VIEW_RECORD = resolve(root, 'test-results', 'collectionView.json');
export const WEBVIEW_BUDGET_KB = 60;
/** Where this section builds the production bundles it weighs (dist/ holds the test runs' development build). */
const PRODUCTION_OUT = resolve(root, 'out', 'bench', 'collection-view');

interface CollectionViewRecord {
  openMs: number;
  getMs: number;
  rows: number;
  fields: number;
  runs: number;
  vscodeVersion: string;
  recordedAt: string;
}

/** Runs just the collection view timing of the integration suite against dist/ as it is. False when the run failed. */
export function recordCollectionView(): boolean {
  rmSync(COLLECTION_VIEW_RECORD, { force: true });
  const run = spawnSync('npm', ['run', '--silent', 'test:integration', '--', '--no-build', '--grep', 'Collection view open time'], {
    cwd: root,
    stdio: 'inherit',
  });
  return run.status === 0;
}

/** Open to the first loaded page handed to the webview, as a ratio of the page's GET alone, from the last recorded run. */
export function readCollectionView(): Figure | undefined {
  if (!existsSync(COLLECTION_VIEW_RECORD)) return undefined;
  const record = JSON.parse(readFileSync(COLLECTION_VIEW_RECORD, 'utf8')) as CollectionViewRecord;
  return figure({
    name: `collection view: open to first page handed to the webview (${record.rows} docs × ${record.fields} fields)`,
    value: record.openMs,
    unit: 'ms',
    baselineName: 'the page GET alone',
    baseline: record.getMs,
    note: `median of ${record.runs}; panel, webview start and GET (not the drawing), in VS Code ${record.vscodeVersion}`,
  });
}

/** The collection view's two lazily loaded bundles as users get them: built for production, minified. */
export function collectionViewSizes(): Figure[] {
  execFileSync(process.execPath, ['esbuild.js', '--production', '--outdir', PRODUCTION_OUT], { cwd: root, stdio: 'ignore' });
  const kilobytes = (name: string) => statSync(resolve(PRODUCTION_OUT, name)).size / 1024;
  const webview = kilobytes('collectionView.js');
  return [
    figure({
      name: 'dist/collectionView.js (webview page script, production)',
      value: webview,
      unit: 'KB',
      baselineName: 'budget',
      baseline: WEBVIEW_BUDGET_KB,
      target: `≤ ${WEBVIEW_BUDGET_KB} KB`,
      met: webview <= WEBVIEW_BUDGET_KB,
    }),
    figure({
      name: 'dist/collectionViewHost.mjs (loaded when a view opens, without the chunks it shares; production)',
      value: kilobytes('collectionViewHost.mjs'),
      unit: 'KB',
      baselineName: 'loaded at activation, production',
      baseline: eagerKilobytes(PRODUCTION_OUT),
    }),
  ];
}

export const section: BenchSection = {
  name: 'collection-view',
  title: 'collection view: open to first page inside the real VS Code (the integration harness, one test) and its bundles',
  smoke:
    'VS Code is not started: the record of the last integration run is read, if there is one; the bundles built for production as in a whole run',
  run: async (context) => {
    ensureBuilt(context, 'collectionView.js');
    const figures = collectionViewSizes();
    if (!context.smoke && !recordCollectionView()) throw new Error(`the integration harness did not record ${COLLECTION_VIEW_RECORD}`);
    const tableView = readCollectionView();
    if (tableView) figures.push(tableView);
    else context.notMeasured(`collection view: no ${COLLECTION_VIEW_RECORD} (the integration tests write it)`);
    return figures;
  },
};
