import * as vscode from 'vscode';
import type { Services } from '../services';
import { DeploymentLogChannel } from './deploymentLogChannel';
import type { DeploymentTarget } from '../kit/targets/deploymentTarget';
import { deploymentKey } from '../kit/targets/deploymentTarget';
import type { LogTailSession } from './logTailSession';
import type * as LogTailModule from './logTailBundle';
import { lazyPart } from '../base/lazyPart';
import { setting } from '../base/settings';
import { Disposable } from '../base/disposable';

const MAX_POLL_INTERVAL_SECONDS = 300;
const logTail = lazyPart<typeof LogTailModule>('logTail');

/** Seconds between polls, from `dbhost.logs.pollInterval`, at most the setting's maximum. */
export function pollIntervalSeconds(): number {
  const seconds = setting('logs.pollInterval');
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_POLL_INTERVAL_SECONDS) : 5;
}

/** Lines shown of a log when tailing starts, from `dbhost.logs.initialLines`; 0 for the whole log. */
export function initialLinesSetting(): number {
  const lines = setting('logs.initialLines');
  return typeof lines === 'number' && Number.isInteger(lines) && lines >= 0 ? lines : 50;
}

/**
 * The deployments whose logs are tailed, any number at once, each with its channel and status-bar
 * item. Tailing stops on request and when its account is removed.
 */
export class DeploymentLogTails extends Disposable {
  private readonly channels = new Map<string, DeploymentLogChannel>();
  private readonly sessions = new Map<string, LogTailSession>();
  private readonly tailingChanged = this.register(new vscode.EventEmitter<DeploymentTarget>());
  /** A deployment started or stopped being tailed. */
  readonly onDidChangeTailing = this.tailingChanged.event;

  constructor(private readonly services: Services) {
    super();
    this.register(
      services.accounts.onDidChange(() => {
        const accounts = new Set(services.accounts.list().map((account) => account.id));
        for (const session of this.sessions.values()) {
          if (!accounts.has(session.target.accountId)) session.stop(vscode.l10n.t('the account was removed'));
        }
      }),
    );
  }

  /** Starts tailing, or shows the tail already running. */
  async tail(target: DeploymentTarget): Promise<void> {
    const { LogTailSession, TailStatusItem } = await logTail();
    const key = deploymentKey(target);
    const channel = this.channelFor(target);
    channel.show();
    const running = this.sessions.get(key);
    if (running?.isRunning) return;

    const statusItem = new TailStatusItem(target, this.services.accounts.require(target.accountId).label);
    const session = new LogTailSession({
      target,
      channel,
      client: () => this.services.accounts.clientFor(target.accountId),
      pollIntervalSeconds,
      initialLines: initialLinesSetting,
      onFailingChange: (failing) => statusItem.showFailing(failing),
    });
    this.sessions.set(key, session);
    session.onDidStop(() => {
      statusItem.dispose();
      if (this.sessions.get(key) === session) this.sessions.delete(key);
      this.tailingChanged.fire(target);
    });
    session.start();
    this.tailingChanged.fire(target);
  }

  isTailing(target: DeploymentTarget): boolean {
    return this.sessions.get(deploymentKey(target))?.isRunning ?? false;
  }

  /** Stops tailing the deployment, if it is tailed. */
  stop(target: DeploymentTarget): void {
    this.sessions.get(deploymentKey(target))?.stop(vscode.l10n.t('asked to stop'));
  }

  running(): LogTailSession[] {
    return [...this.sessions.values()];
  }

  /** One channel per deployment, kept after tailing stops so its text stays readable. */
  channelFor(target: DeploymentTarget): DeploymentLogChannel {
    const key = deploymentKey(target);
    let channel = this.channels.get(key);
    if (!channel) {
      const plain = `DB Host: ${target.deployment}`;
      const taken = [...this.channels.values()].some((other) => other.name === plain);
      channel = new DeploymentLogChannel(
        taken ? `${plain} (${this.services.accounts.require(target.accountId).label})` : plain,
        this.services.logger.keys,
      );
      this.channels.set(key, channel);
    }
    return channel;
  }

  override dispose(): void {
    for (const session of this.sessions.values()) session.dispose();
    this.sessions.clear();
    for (const channel of this.channels.values()) channel.dispose();
    this.channels.clear();
    super.dispose();
  }
}
