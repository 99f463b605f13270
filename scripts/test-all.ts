// `npm test`: every suite in order, each timed, on a fresh machine as on a developer's. A failing part
// does not stop the parts after it (one run shows everything that is wrong), but fails the whole.
import { spawn } from 'node:child_process';

interface Part {
  name: string;
  args: string[];
  /** Whether the part's own test counts go into the closing line (not for the self-test, whose failures are the point). */
  counted?: boolean;
}

interface Outcome {
  ok: boolean;
  passed: number;
  failed: number;
}

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Runs `npm …`, showing its output as it comes and reading the test counts that mocha and the integration runner print. */
function runPart(part: Part): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn('npm', part.args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.on('close', (code) => {
      const plain = output.replace(ANSI_COLOUR, '');
      const count = (pattern: RegExp) => [...plain.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
      resolve({
        ok: code === 0,
        passed: count(/^\s*(\d+) passing/gm) + count(/^(\d+) passed, \d+ failed$/gm),
        failed: count(/^\s*(\d+) failing/gm) + count(/^\d+ passed, (\d+) failed$/gm),
      });
    });
  });
}

const npmRun = (script: string, ...extra: string[]): string[] => ['run', '--silent', script, ...(extra.length ? ['--', ...extra] : [])];

const parts: Part[] = [
  { name: 'build', args: npmRun('build') },
  { name: 'VS Code test prerequisites (cached under .vscode-test/)', args: npmRun('setup:vscode') },
  { name: 'type check', args: npmRun('check-types') },
  { name: 'lint', args: npmRun('lint') },
  { name: 'format check (Prettier; `npm run format` fixes)', args: npmRun('format:check') },
  { name: 'unit and contract tests (Node)', args: npmRun('test:unit') },
  {
    name: "service tests on PostgreSQL (a throwaway cluster; installs Debian's postgresql when missing)",
    args: npmRun('test:service:postgres'),
  },
  { name: 'integration tests (inside VS Code)', args: npmRun('test:integration') },
  { name: 'bench smoke (every section at small sizes)', args: npmRun('bench', '--smoke') },
  { name: 'a broken extension fails the integration run', args: npmRun('test:integration:self-test', '--no-build'), counted: false },
  { name: 'end-to-end tests (real UI in Chromium)', args: npmRun('test:e2e') },
];

async function main(): Promise<void> {
  const results: { name: string; ok: boolean; seconds: number }[] = [];
  let passed = 0;
  let failed = 0;
  for (const part of parts) {
    console.log(`\n=== ${part.name}`);
    const started = Date.now();
    const outcome = await runPart(part);
    const seconds = (Date.now() - started) / 1000;
    results.push({ name: part.name, ok: outcome.ok, seconds });
    if (part.counted !== false) {
      passed += outcome.passed;
      failed += outcome.failed;
    }
    console.log(`=== ${part.name}: ${outcome.ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  }

  console.log('\nSummary:');
  for (const { name, ok, seconds } of results)
    console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${name.padEnd(58)} ${seconds.toFixed(1).padStart(6)} s`);
  const failedParts = results.filter((result) => !result.ok).length;
  console.log(`parts: ${results.length - failedParts} passed, ${failedParts} failed`);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(failedParts === 0 ? 0 : 1);
}

void main();
