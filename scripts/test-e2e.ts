// `npm run test:e2e`: each end-to-end journey (a file of test/e2e) in a mocha process of its own. A journey
// stops at its first failing step, since the later steps build on it; a mocha run of every file would also
// skip every later journey that stops so (mocha skips a bailing suite once anything failed). Exits non-zero
// when a journey fails or when no test ran.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './vscode-host/paths';

const e2eDir = path.join(repoRoot, 'test', 'e2e');
const mocha = path.join(repoRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');

function runJourney(file: string): Promise<{ ok: boolean; passed: number; failed: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [mocha, '--config', path.join(e2eDir, '.mocharc.json'), file], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.on('close', (code) => {
      const count = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
      resolve({ ok: code === 0, passed: count(/^\s*(\d+) passing/m), failed: count(/^\s*(\d+) failing/m) });
    });
  });
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = fs
    .readdirSync(e2eDir)
    .filter((name) => name.endsWith('.test.ts') && (only.length === 0 || only.some((wanted) => name.includes(wanted))))
    .sort()
    .map((name) => path.join('test', 'e2e', name));
  const failedJourneys: string[] = [];
  let passed = 0;
  for (const file of files) {
    const outcome = await runJourney(file);
    passed += outcome.passed;
    if (!outcome.ok || outcome.passed === 0) failedJourneys.push(path.basename(file));
  }
  if (failedJourneys.length > 0) console.log(`\nFailed journeys (or journeys that ran no test): ${failedJourneys.join(', ')}`);
  if (files.length === 0 || passed === 0) {
    console.log('No end-to-end test ran.');
    process.exit(1);
  }
  process.exit(failedJourneys.length === 0 ? 0 : 1);
}

void main();
