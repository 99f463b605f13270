import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const projectRoot = resolve(__dirname, '..', '..');
const serviceEntry = resolve(projectRoot, 'src', 'service', 'main.ts');
const READY = /dbhost service listening on (http:\/\/\S+)/;

export interface ServiceProcessOptions {
  dataDir: string;
  apiKeys: string[];
  empty?: boolean;
}

/**
 * The local service in a child process (its CLI, compiled by tsx), so that a test can see it crash,
 * kill it with SIGKILL and start it again on the same data.
 */
export class ServiceProcess {
  private exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private output = '';

  private constructor(private readonly child: ChildProcess, readonly url: string) {
    this.exit = new Promise((settle) => child.once('exit', (code, signal) => settle({ code, signal })));
    child.stdout?.on('data', (chunk: Buffer) => this.keep(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.keep(chunk));
  }

  static start(options: ServiceProcessOptions): Promise<ServiceProcess> {
    const args = ['--import', 'tsx', serviceEntry, '--port', '0', '--quiet', '--data', options.dataDir];
    for (const key of options.apiKeys) args.push('--api-key', key);
    if (options.empty) args.push('--empty');
    const child = spawn(process.execPath, args, { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    return new Promise((settle, reject) => {
      let text = '';
      const onData = (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const ready = READY.exec(text);
        if (!ready) return;
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        const started = new ServiceProcess(child, ready[1]);
        started.output = text;
        settle(started);
      };
      const onExit = (code: number | null) => reject(new Error(`The service exited (${code}) before it was ready:\n${text}`));
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.once('exit', onExit);
    });
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** Whether the process is still running. */
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** What it printed (the last 20 000 characters). */
  get log(): string {
    return this.output;
  }

  /** SIGKILL: no chance to flush or close anything. */
  async kill(): Promise<void> {
    if (this.alive) this.child.kill('SIGKILL');
    await this.exit;
  }

  /** SIGTERM, the clean stop. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.alive) this.child.kill('SIGTERM');
    return this.exit;
  }

  private keep(chunk: Buffer): void {
    this.output = (this.output + chunk.toString('utf8')).slice(-20_000);
  }
}
