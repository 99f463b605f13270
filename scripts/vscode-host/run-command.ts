import { spawn } from 'node:child_process';

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Show the command's output as it runs (installs); otherwise it is kept and shown only when the command fails. */
  showOutput?: boolean;
}

/** Runs a command to completion; rejects with its output when it exits non-zero. */
export function runCommand(command: string, args: readonly string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', options.showOutput ? 'inherit' : 'pipe', options.showOutput ? 'inherit' : 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})${output ? `:\n${output.trimEnd()}` : ''}`));
    });
  });
}

/** The environment for a nested npm: without the outer `npm run`'s own npm_* variables, which would override the nested one's. */
export function envWithoutNpmVariables(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
}
