import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Figure } from './support/figure';
import { figure } from './support/figure';

const root = resolve(__dirname, '..');
export const EXTENSION_BUDGET_KB = 150;

const kilobytes = (path: string) => statSync(resolve(root, path)).size / 1024;

function run(command: string, args: string[]): void {
  try {
    execFileSync(command, args, { cwd: root, stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    const output = `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`;
    throw new Error(`${command} ${args.join(' ')} failed:\n${output.trim().split('\n').filter((line) => !line.startsWith('npm warn')).slice(-6).join('\n')}`, { cause: error });
  }
}

/** The production build's bundles, then the .vsix through `npm run package`; `problems` receives what could not be made. */
export function measureSize(problems: string[]): Figure[] {
  run(process.execPath, ['esbuild.js', '--production']);
  const extension = kilobytes('dist/extension.js');
  const service = kilobytes('dist/service.js');
  const figures = [
    figure({ name: 'dist/extension.js (production, minified)', value: extension, unit: 'KB', baselineName: 'budget', baseline: EXTENSION_BUDGET_KB, target: `< ${EXTENSION_BUDGET_KB} KB`, met: extension < EXTENSION_BUDGET_KB }),
    figure({ name: 'dist/service.js (loaded only when used)', value: service, unit: 'KB', baselineName: 'dist/extension.js', baseline: extension }),
  ];
  try {
    run('npm', ['run', 'package']);
    figures.push(figure({ name: 'dist/dbhost.vsix', value: kilobytes('dist/dbhost.vsix'), unit: 'KB', baselineName: 'extension.js + service.js', baseline: extension + service }));
  } catch (error) {
    problems.push(`.vsix: ${(error as Error).message}`);
  }
  return figures;
}
