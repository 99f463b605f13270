import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { BenchSection } from './support/section';
import { ensureBuilt } from './support/ensureBuilt';
import { packageProduct } from '../scripts/package';
import { BENCH_PACKAGE_DIR } from './size';
import { median } from './support/stats';
import { eagerKilobytes } from './support/eagerCode';
import { packageRegistrationsAlone } from './support/registrationsAlone';

/** Written by test/integration/bench/recordActivation.test.ts inside the real VS Code during `npm run test:integration`. */
export const ACTIVATION_RECORD = resolve(__dirname, '..', 'test-results', 'activation.json');
export const ACTIVATION_BUDGET_MS = 15;
/**
 * VS Code started this many times, one activation each: one activation alone is mostly the machine's noise, and
 * on shared cores a median of five still moved by 2× from run to run.
 */
const ACTIVATIONS = 9;

export interface ActivationRecord {
  /** activate() until it returns, as the extension logs it. */
  activationMs: number;
  /** What activate() left to the task right after it, as the extension logs it (absent in records of older builds). */
  afterActivationMs?: number;
  /** The extension host's load of dist/extension.mjs and its static chunks, before activate(); absent when the host keeps no marks. */
  codeLoadingMs?: number;
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

const each = (times: readonly number[]) => (times.length > 1 ? `; each: ${times.map((time) => time.toFixed(1)).join(', ')} ms` : '');

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
    note: `${from} in VS Code ${record.vscodeVersion}${each(times)}`,
  });
}

/**
 * What activation costs besides activate() itself, each the median of the same starts beside activate()'s: the
 * load of the code before it (VS Code counts it in an extension's activation time) and the set-up activate()
 * leaves to the task right after it. Reported, not judged: the budget is activate()'s.
 */
function aroundActivationFigures(records: readonly ActivationRecord[], activationMs: number, productDir: string): Figure[] {
  const figures: Figure[] = [];
  const loads = records.flatMap((record) => (record.codeLoadingMs === undefined ? [] : [record.codeLoadingMs]));
  if (loads.length === records.length) {
    figures.push(
      figure({
        name: `loading the code activate() needs, in the real VS Code (median of ${loads.length})`,
        value: median(loads),
        unit: 'ms',
        baselineName: 'activate()',
        baseline: activationMs,
        note: `dist/extension.mjs and the chunks it imports: ${eagerKilobytes(join(productDir, 'dist')).toFixed(1)} KB${each(loads)}`,
      }),
    );
  }
  const after = records.flatMap((record) => (record.afterActivationMs === undefined ? [] : [record.afterActivationMs]));
  if (after.length === records.length) {
    figures.push(
      figure({
        name: `set-up right after activate() (language providers, status bar, context keys; median of ${after.length})`,
        value: median(after),
        unit: 'ms',
        baselineName: 'activate()',
        baseline: activationMs,
        note: `a person sees the window the same${each(after)}`,
      }),
    );
  }
  return figures;
}

/** Starts VS Code on `productDir` once; its activation record. */
function activationOf(productDir: string): ActivationRecord {
  const record = recordActivation(productDir) ? readRecord() : undefined;
  if (!record) throw new Error(`the integration harness did not record ${ACTIVATION_RECORD} for ${productDir}`);
  return record;
}

/**
 * The registrations alone against the budget: what VS Code waits for at activation, with handlers that do
 * nothing, started in turn with the product. Reported, not judged: what the product's `activate()` adds to it
 * is the product's own code.
 */
function registrationsAloneFigure(times: readonly number[], productMs: number): Figure {
  const value = median(times);
  return figure({
    name: `activate() of the registrations alone, in the real VS Code (median of ${times.length})`,
    value,
    unit: 'ms',
    baselineName: 'budget',
    baseline: ACTIVATION_BUDGET_MS,
    note:
      `the product's commands, tools, view, file systems, webview serializer and MCP provider, registered with ` +
      `empty handlers (test/integration/bench/registrationsAlone.ts), started in turn with the product; the product's ` +
      `activate() is ${(productMs / value).toFixed(2)}× it${each(times)}`,
  });
}

/**
 * Starts VS Code ACTIVATIONS times on the packaged production build and as many on the registrations alone, in
 * turn, each run recording one activation.
 */
function measureActivations(): Figure[] {
  const product = packageProduct(BENCH_PACKAGE_DIR);
  const alone = packageRegistrationsAlone(product.dir, join(BENCH_PACKAGE_DIR, 'registrations-alone'));
  const records: ActivationRecord[] = [];
  const aloneTimes: number[] = [];
  for (let run = 0; run < ACTIVATIONS; run++) {
    records.push(activationOf(product.dir));
    aloneTimes.push(activationOf(alone).activationMs);
  }
  const last = records[records.length - 1];
  const times = records.map((record) => record.activationMs);
  const productMs = median(times);
  return [
    activationFigure(times, last, `${ACTIVATIONS} integration runs, the last of ${last.recordedAt}`),
    registrationsAloneFigure(aloneTimes, productMs),
    ...aroundActivationFigures(records, productMs, product.dir),
  ];
}

export const section: BenchSection = {
  name: 'activation',
  title: 'activate() of the production bundle inside the real VS Code (the integration harness, one test)',
  smoke: 'VS Code is not started: the record of the last integration run is read, if there is one',
  run: async (context) => {
    if (!context.smoke) {
      ensureBuilt(context, 'service.js');
      return measureActivations();
    }
    const record = readRecord();
    if (record) return [activationFigure([record.activationMs], record, `from the integration run of ${record.recordedAt}`)];
    context.notMeasured(`activation: no ${ACTIVATION_RECORD} (the integration tests write it)`);
    return [];
  },
};
