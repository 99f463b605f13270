// `npm test`: every suite in order, each timed, on a fresh machine as on a developer's. A failing part
// does not stop the parts after it (one run shows everything that is wrong), but fails the whole.
import { spawnSync } from 'node:child_process';

interface Part {
  name: string;
  args: string[];
}

const npmRun = (script: string, ...extra: string[]): string[] => ['run', '--silent', script, ...(extra.length ? ['--', ...extra] : [])];

const parts: Part[] = [
  { name: 'build', args: npmRun('build') },
  { name: 'VS Code test prerequisites (cached under .vscode-test/)', args: npmRun('setup:vscode') },
  { name: 'type check', args: npmRun('check-types') },
  { name: 'lint', args: npmRun('lint') },
  { name: 'unit and contract tests (Node)', args: npmRun('test:unit') },
  { name: 'integration tests (inside VS Code)', args: npmRun('test:integration') },
  { name: 'a broken extension fails the integration run', args: npmRun('test:integration:self-test', '--no-build') },
  { name: 'end-to-end tests (real UI in Chromium)', args: npmRun('test:e2e') },
];

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const part of parts) {
  console.log(`\n=== ${part.name}`);
  const started = Date.now();
  const outcome = spawnSync('npm', part.args, { stdio: 'inherit' });
  const seconds = (Date.now() - started) / 1000;
  const ok = outcome.status === 0;
  results.push({ name: part.name, ok, seconds });
  console.log(`=== ${part.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
}

console.log('\nSummary:');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${name.padEnd(58)} ${seconds.toFixed(1).padStart(6)} s`);
const failed = results.filter((result) => !result.ok).length;
console.log(`parts: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
