import * as vscode from 'vscode';
import type { DbHostApi } from '../../core/api/types';
import { isServiceError } from '../../core/api/serviceError';
import type { DeploymentTarget } from '../kit/targets/deploymentTarget';
import type { DeploymentLogChannel } from './deploymentLogChannel';
import { Disposable } from '../base/disposable';

/** Back-off never waits longer than this between tries (unless the poll interval itself is longer). */
export const backOffCeilingSeconds = 60;

export interface LogTailSessionOptions {
  target: DeploymentTarget;
  channel: DeploymentLogChannel;
  client(): Promise<DbHostApi>;
  /** Read before every wait, so a changed setting applies at once. */
  pollIntervalSeconds(): number;
  /** How many lines of a log seen for the first time are shown; 0 for all. */
  initialLines(): number;
  /** Told when the service stops or starts answering again. */
  onFailingChange?(failing: boolean): void;
}

export function formatSeconds(seconds: number): string {
  return `${Number.isInteger(seconds) ? seconds : Number(seconds.toFixed(1))} s`;
}

/**
 * Polls one deployment's log and appends what was not shown yet. Each poll is awaited before the next
 * is scheduled. When the service fails, the waits double up to a minute; the channel says so once,
 * and again when the service answers.
 */
export class LogTailSession extends Disposable {
  private readonly stopped = this.register(new vscode.EventEmitter<void>());
  /** Fires once, when the session stops for whatever reason. */
  readonly onDidStop = this.stopped.event;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | undefined;
  private failingDelay: number | undefined;
  private running = true;

  constructor(private readonly options: LogTailSessionOptions) {
    super();
  }

  get target(): DeploymentTarget {
    return this.options.target;
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    this.options.channel.notice('info', `Tailing the log of ${this.target.deployment}.`);
    void this.poll();
  }

  /** Stops polling; the channel says why unless no reason is given (VS Code is shutting the extension down). */
  stop(reason?: string): void {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.timer);
    this.inFlight?.abort();
    if (reason) this.options.channel.notice('info', `Stopped tailing: ${reason}.`);
    this.stopped.fire();
    super.dispose();
  }

  private async poll(): Promise<void> {
    const abort = new AbortController();
    this.inFlight = abort;
    const interval = Math.max(0.1, this.options.pollIntervalSeconds());
    let delay = interval;
    try {
      const client = await this.options.client();
      const entries = await client.getDeploymentLogs(this.target.deployment, { signal: abort.signal });
      if (!this.running) return;
      if (this.failingDelay !== undefined) {
        this.failingDelay = undefined;
        this.options.channel.notice('info', 'The service answers again: tailing resumed.');
        this.options.onFailingChange?.(false);
      }
      this.options.channel.appendEntries(entries, this.options.initialLines());
    } catch (error) {
      if (!this.running) return;
      const ceiling = Math.max(backOffCeilingSeconds, interval);
      delay = Math.min(ceiling, (this.failingDelay ?? interval) * 2);
      if (this.failingDelay === undefined) {
        this.options.channel.notice(
          'warn',
          `${failureHeading(error)}: ${error instanceof Error ? error.message : String(error)}; retrying in ${formatSeconds(delay)}, then less and less often until it answers.`,
        );
        this.options.onFailingChange?.(true);
      }
      this.failingDelay = delay;
    } finally {
      if (this.inFlight === abort) this.inFlight = undefined;
    }
    if (this.running) this.timer = setTimeout(() => void this.poll(), delay * 1000);
  }

  override dispose(): void {
    this.stop();
    super.dispose();
  }
}

function failureHeading(error: unknown): string {
  if (isServiceError(error) && error.kind === 'http') return vscode.l10n.t('The service failed');
  if (isServiceError(error) && error.kind === 'invalid-response')
    return vscode.l10n.t('The service answered with something that is not a log');
  return vscode.l10n.t('Service unreachable');
}
