import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PackagedProduct } from '../scripts/package';
import { packageProduct } from '../scripts/package';
import { eagerKilobytes } from './support/eagerCode';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import type { BenchSection } from './support/section';

const root = resolve(__dirname, '..');
export const EXTENSION_BUDGET_KB = 150;

const kilobytes = (path: string) => statSync(path).size / 1024;

/** Where the bench packages the product: its own folder, so dist/ (which the test runs load) stays as it is. */
export const BENCH_PACKAGE_DIR = resolve(root, 'out', 'bench');

/** The production bundles and the .vsix, made by the packaging step of `npm run package`; undefined when that failed. */
export function measureSize(problems: string[]): { figures: Figure[]; product?: PackagedProduct } {
  let product: PackagedProduct;
  try {
    product = packageProduct(BENCH_PACKAGE_DIR);
  } catch (error) {
    problems.push(`packaging: ${(error as Error).message}`);
    return { figures: [] };
  }
  const extension = eagerKilobytes(join(product.dir, 'dist'));
  const service = kilobytes(join(product.dir, 'dist', 'service.js'));
  const figures = [
    figure({
      name: 'loaded at activation: dist/extension.mjs and the chunks it imports (production, minified)',
      value: extension,
      unit: 'KB',
      baselineName: 'budget',
      baseline: EXTENSION_BUDGET_KB,
      target: `< ${EXTENSION_BUDGET_KB} KB`,
      met: extension < EXTENSION_BUDGET_KB,
    }),
    figure({
      name: 'dist/service.js (loaded only when used)',
      value: service,
      unit: 'KB',
      baselineName: 'loaded at activation',
      baseline: extension,
    }),
    figure({
      name: 'dbhost.vsix',
      value: kilobytes(product.vsix),
      unit: 'KB',
      baselineName: 'loaded at activation + service.js',
      baseline: extension + service,
    }),
  ];
  return { figures, product };
}

export const section: BenchSection = {
  name: 'size',
  title: 'packaging: the production bundles and the .vsix (in out/bench/)',
  smoke: 'the same packaging (it is no measurement of time)',
  run: async () => {
    const problems: string[] = [];
    const { figures } = measureSize(problems);
    if (problems.length > 0) throw new Error(problems.join('; '));
    return figures;
  },
};
