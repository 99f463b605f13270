import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { BenchSection } from './support/section';
import { packageProduct } from '../scripts/package';
import { BENCH_PACKAGE_DIR } from './size';

/** Written by test/integration/bench/recordActivation.test.ts inside the real VS Code during `npm run test:integration`. */
export const ACTIVATION_RECORD = resolve(__dirname, '..', 'test-results', 'activation.json');
export const ACTIVATION_BUDGET_MS = 15;

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

/** The activation time the last integration run recorded, or undefined when there was none. */
export function readActivation(): Figure | undefined {
  if (!existsSync(ACTIVATION_RECORD)) return undefined;
  const record = JSON.parse(readFileSync(ACTIVATION_RECORD, 'utf8')) as ActivationRecord;
  return figure({
    name: 'activate() in the real VS Code',
    value: record.activationMs,
    unit: 'ms',
    baselineName: 'budget',
    baseline: ACTIVATION_BUDGET_MS,
    target: `< ${ACTIVATION_BUDGET_MS} ms`,
    met: record.activationMs < ACTIVATION_BUDGET_MS,
    note: `from the integration run of ${record.recordedAt} in VS Code ${record.vscodeVersion}`,
  });
}

export const section: BenchSection = {
  name: 'activation',
  title: 'activate() of the production bundle inside the real VS Code (the integration harness, one test)',
  smoke: 'VS Code is not started: the record of the last integration run is read, if there is one',
  run: async (context) => {
    if (!context.smoke) {
      const product = packageProduct(BENCH_PACKAGE_DIR);
      if (!recordActivation(product.dir)) throw new Error(`the integration harness did not record ${ACTIVATION_RECORD}`);
    }
    const activation = readActivation();
    if (activation) return [activation];
    context.notMeasured(`activation: no ${ACTIVATION_RECORD} (the integration tests write it)`);
    return [];
  },
};
