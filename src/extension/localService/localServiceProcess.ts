import * as vscode from 'vscode';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import * as readline from 'node:readline';
import type { Logger } from '../base/logger';
import { SERVICE_READY_LINE } from '../../core/api/serviceReadyLine';

const START_TIMEOUT_MS = 30_000;

export interface LocalServiceOptions {
  /** The service's bundled entry point, dist/service.js of this extension. */
  script: string;
  dataDir: string;
  apiKey: string;
  logger: Logger;
  /** Called when the process ends by itself (not through {@link LocalServiceProcess.stop}). */
  onExit(description: string): void;
}

/**
 * The local service as a child process of the extension host, run with the host's own Node (or
 * Electron as Node). The key goes in its environment, never on its command line, which any user of
 * the machine can read.
 */
export class LocalServiceProcess {
  private stopping = false;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static start(options: LocalServiceOptions): Promise<LocalServiceProcess> {
    const child = spawn(process.execPath, [options.script, '--port', '0', '--host', '127.0.0.1', '--data', options.dataDir], {
      env: { ...process.env, DBHOST_API_KEY: options.apiKey, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const recentErrors: string[] = [];
    readline.createInterface({ input: child.stderr! }).on('line', (line) => {
      options.logger.scoped('localService').warn(`${line}`);
      recentErrors.push(line);
      if (recentErrors.length > 5) recentErrors.shift();
    });
    return new Promise((resolve, reject) => {
      let service: LocalServiceProcess | undefined;
      const timer = setTimeout(() => {
        child.kill('SIGTERM');
        reject(new Error(vscode.l10n.t('The local service did not say it was ready within {0} seconds.', START_TIMEOUT_MS / 1000)));
      }, START_TIMEOUT_MS);
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        options.logger.scoped('localService').debug(`${line}`);
        const ready = service ? undefined : SERVICE_READY_LINE.exec(line);
        if (ready) {
          clearTimeout(timer);
          service = new LocalServiceProcess(child, ready[1].replace(/\/+$/, ''));
          resolve(service);
        }
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new Error(vscode.l10n.t('The local service could not be started: {0}', error.message)));
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        const how = signal ? vscode.l10n.t('was stopped by {0}', signal) : vscode.l10n.t('exited with code {0}', String(code));
        const detail = recentErrors.length > 0 ? `: ${recentErrors.join(' ')}` : '';
        if (!service) reject(new Error(vscode.l10n.t('The local service {0} before it was ready{1}', how, detail)));
        else if (!service.stopping) options.onExit(vscode.l10n.t('The local service {0}{1}', how, detail));
      });
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Asks the service to stop cleanly and waits until it has. */
  stop(): Promise<void> {
    this.stopping = true;
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }

  /** For the window closing: no waiting. */
  kill(): void {
    this.stopping = true;
    if (this.running) this.child.kill('SIGTERM');
  }
}
