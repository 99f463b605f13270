import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * The built local service (dist/service.js of the installed extension) run by the test itself, on a
 * fixed port with its own data folder, so the test can stop it and start it again.
 */
export class OwnService {
  readonly apiKey = randomBytes(24).toString('hex');
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbhost-logs-test-'));
  private child: ChildProcess | undefined;

  constructor(
    private readonly script: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and resolves once it prints that it listens. */
  start(): Promise<void> {
    const child = spawn(process.execPath, [this.script, '--port', String(this.port), '--data', this.dataDir, '--api-key', this.apiKey, '--quiet'], {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    return new Promise((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (/listening/i.test(output)) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the local service exited (${code}) before listening: ${output.replaceAll(this.apiKey, '<key>')}`)));
    });
  }

  /** Stops it and resolves once the process has exited. */
  stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
