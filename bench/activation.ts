import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { BenchSection } from './support/section';
import { ensureBuilt } from './support/ensureBuilt';
import { packageProduct } from '../scripts/package';
import { BENCH_PACKAGE_DIR } from './size';
import { median } from './support/stats';

/** Written by test/integration/bench/recordActivation.test.ts inside the real VS Code during `npm run test:integration`. */
export const ACTIVATION_RECORD = resolve(__dirname, '..', 'test-results', 'activation.json');
export const ACTIVATION_BUDGET_MS = 15;
/** VS Code started this many times, one activation each: one activation alone is mostly the machine's noise. */
const ACTIVATIONS = 5;

export interface ActivationRecord {
  activationMs: number;
  vscodeVersion: string;
  recordedAt: string;
}

/**
 * Runs just the activation test of the integration suite in the real VS Code against the packaged production
 * build in `productDir`, which writes a fresh record. False when the run failed.
 */
export function recordActivation(productDir: string): boolean {
  rmSync(ACTIVATION_RECORD, { force: true });
  const args = ['run', '--silent', 'test:integration', '--', '--no-build', '--product-dir', productDir, '--grep', 'Activation time'];
  const run = spawnSync('npm', args, { cwd: resolve(__dirname, '..'), stdio: 'inherit' });
  return run.status === 0;
}

function readRecord(): ActivationRecord | undefined {
  if (!existsSync(ACTIVATION_RECORD)) return undefined;
  return JSON.parse(readFileSync(ACTIVATION_RECORD, 'utf8')) as ActivationRecord;
}

/** The median of `times` (ms), one activation each, against the budget. */
function activationFigure(times: readonly number[], record: ActivationRecord, from: string): Figure {
  const value = median(times);
  return figure({
    name: times.length > 1 ? `activate() in the real VS Code (median of ${times.length})` : 'activate() in the real VS Code',
    value,
    unit: 'ms',
    baselineName: 'budget',
    baseline: ACTIVATION_BUDGET_MS,
    target: `< ${ACTIVATION_BUDGET_MS} ms`,
    met: value < ACTIVATION_BUDGET_MS,
    note: `${from} in VS Code ${record.vscodeVersion}${times.length > 1 ? `; each: ${times.map((time) => time.toFixed(1)).join(', ')} ms` : ''}`,
  });
}

/** Starts VS Code ACTIVATIONS times on the packaged production build, each run recording one activation. */
function measureActivations(): Figure {
  const product = packageProduct(BENCH_PACKAGE_DIR);
  const times: number[] = [];
  let record: ActivationRecord | undefined;
  for (let run = 0; run < ACTIVATIONS; run++) {
    record = recordActivation(product.dir) ? readRecord() : undefined;
    if (!record) throw new Error(`the integration harness did not record ${ACTIVATION_RECORD}`);
    times.push(record.activationMs);
  }
  return activationFigure(times, record!, `${ACTIVATIONS} integration runs, the last of ${record!.recordedAt}`);
}

export const section: BenchSection = {
  name: 'activation',
  title: 'activate() of the production bundle inside the real VS Code (the integration harness, one test)',
  smoke: 'VS Code is not started: the record of the last integration run is read, if there is one',
  run: async (context) => {
    if (!context.smoke) {
      ensureBuilt(context, 'service.js');
      return [measureActivations()];
    }
    const record = readRecord();
    if (record) return [activationFigure([record.activationMs], record, `from the integration run of ${record.recordedAt}`)];
    context.notMeasured(`activation: no ${ACTIVATION_RECORD} (the integration tests write it)`);
    return [];
  },
};
