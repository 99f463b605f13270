import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { SERVICE_READY_LINE } from '../../../src/core/api/serviceReadyLine';

const ROOT = join(__dirname, '..', '..', '..');

/** Bundles src/service/main.ts on its own, as esbuild.js does, so the test does not depend on the extension building. */
export function bundleService(outDirectory: string): string {
  const outfile = join(outDirectory, 'service.js');
  buildSync({
    entryPoints: [join(ROOT, 'src/service/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    logLevel: 'silent',
    mainFields: ['module', 'main'],
  });
  return outfile;
}

export interface ChildService {
  process: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node service.js` with the arguments and resolves once it prints its address. */
export function startChildService(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<ChildService> {
  const child = spawn(process.execPath, [script, '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = SERVICE_READY_LINE.exec(output);
      if (match) resolve({ process: child, url: match[1], output: () => output, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(({ code, signal }) => reject(new Error(`The service exited (${code ?? signal}) before it was ready:\n${output}`)));
  });
}
