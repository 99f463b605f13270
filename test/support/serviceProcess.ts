import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { SERVICE_READY_LINE } from '../../src/core/api/serviceReadyLine';

const projectRoot = resolve(__dirname, '..', '..');
const serviceEntry = resolve(projectRoot, 'src', 'service', 'main.ts');

export interface ServiceProcessOptions {
  dataDir: string;
  /** Passed in DBHOST_API_KEY when there is one (not on the command line `ps` shows), else as --api-key each. */
  apiKeys: string[];
  empty?: boolean;
  /** A built service (dist/service.js); by default the source, compiled by tsx. */
  script?: string;
  /** Default 0: a free port. */
  port?: number;
  /** More options of the service's command line, e.g. `--no-payment`. */
  args?: string[];
}

/**
 * The local service in a child process, the one way tests start it: a test can see it crash, kill it with
 * SIGKILL and start it again on the same data. Ready when it prints its ready line (core/api/serviceReadyLine).
 */
export class ServiceProcess {
  private exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private output = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    this.exit = new Promise((settle) => child.once('exit', (code, signal) => settle({ code, signal })));
    child.stdout?.on('data', (chunk: Buffer) => this.keep(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.keep(chunk));
  }

  static start(options: ServiceProcessOptions): Promise<ServiceProcess> {
    const entry = options.script ? [options.script] : ['--import', 'tsx', serviceEntry];
    const args = [...entry, '--port', String(options.port ?? 0), '--quiet', '--data', options.dataDir, ...(options.args ?? [])];
    const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_RUN_AS_NODE: '1' };
    if (options.apiKeys.length === 1) env.DBHOST_API_KEY = options.apiKeys[0];
    else for (const key of options.apiKeys) args.push('--api-key', key);
    if (options.empty) args.push('--empty');
    const child = spawn(process.execPath, args, { cwd: options.script ? undefined : projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    return new Promise((settle, reject) => {
      let text = '';
      const onData = (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const ready = SERVICE_READY_LINE.exec(text);
        if (!ready) return;
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        const started = new ServiceProcess(child, ready[1]);
        started.output = text;
        settle(started);
      };
      const masked = () => options.apiKeys.reduce((shown, key) => shown.split(key).join('<key>'), text);
      const onExit = (code: number | null) => reject(new Error(`The service exited (${code}) before it was ready:\n${masked()}`));
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.once('error', reject);
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
