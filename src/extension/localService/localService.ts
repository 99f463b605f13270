import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { Account } from '../kit/accounts/account';
import type { Services } from '../services';
import { LOCAL_ACCOUNT_KEY } from '../kit/accounts/localServiceAccount';
import { LocalServiceProcess } from './localServiceProcess';
import { Disposable } from '../base/disposable';
import { ContextKey } from '../kit/feature/contextValues';

/** The local service's key in SecretStorage: the same on every start, so the data of earlier runs stays reachable. */
const LOCAL_API_KEY_SECRET = 'dbhost.localService.apiKey';
const LOCAL_LABEL = 'Local';

/**
 * "Start Local Service": runs the extension's own service on a free loopback port with its data in
 * the extension's global storage, and keeps a "Local" account pointing at it. It stops with the
 * window, on command, or when its account is removed.
 */
export class LocalService extends Disposable {
  private process: LocalServiceProcess | undefined;
  private starting: Promise<Account> | undefined;
  private stopping: Promise<boolean> | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<string | undefined>());
  /** Fires the Local account's id while running, undefined when stopped. */
  readonly onDidChange = this.changed.event;
  constructor(private readonly services: Services) {
    super();
    this.register(services.accounts.onDidChange(() => this.stopIfAccountRemoved()));
  }

  get running(): boolean {
    return this.process?.running ?? false;
  }

  get accountId(): string | undefined {
    return this.services.context.globalState.get<string>(LOCAL_ACCOUNT_KEY);
  }

  start(): Promise<Account> {
    this.starting ??= this.startOnce().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async startOnce(): Promise<Account> {
    // A service still stopping holds the same data folder.
    await this.stopping?.catch(() => undefined);
    const existing = this.localAccount();
    if (this.process?.running) {
      // Its account was removed while it ran: the account comes back for it, no second process starts.
      if (existing) return existing;
      const account = await this.saveAccount(this.process.url, await this.apiKey());
      await this.announce(account.id);
      return account;
    }
    const { context, logger } = this.services;
    const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'service.js').fsPath;
    try {
      await fs.access(script);
    } catch {
      throw new Error(vscode.l10n.t('The local service is not part of this installation: {0} is missing (run "npm run build").', script));
    }
    const dataDir = vscode.Uri.joinPath(context.globalStorageUri, 'local-service').fsPath;
    await fs.mkdir(dataDir, { recursive: true });
    const apiKey = await this.apiKey();
    const service = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the DB Host local service…') },
      () => LocalServiceProcess.start({ script, dataDir, apiKey, logger, onExit: (description) => this.exited(description) }),
    );
    if (this.isDisposed) {
      service.kill();
      throw new Error(vscode.l10n.t('The window closed while the local service was starting; it was stopped.'));
    }
    this.process = service;
    const account = await this.saveAccount(service.url, apiKey);
    logger.scoped('localService').info(`The local service runs at ${service.url} with its data in ${dataDir}`);
    await this.announce(account.id);
    return account;
  }

  /** Points the Local account at `url` with the service's key, making the account if it was removed. */
  private async saveAccount(url: string, apiKey: string): Promise<Account> {
    const { context, accounts } = this.services;
    const existing = this.localAccount();
    if (existing) {
      const account = await accounts.update(existing.id, { baseUrl: url });
      await accounts.setApiKey(existing.id, apiKey);
      return account;
    }
    const account = await accounts.add({ label: LOCAL_LABEL, baseUrl: url, apiKey });
    await context.globalState.update(LOCAL_ACCOUNT_KEY, account.id);
    return account;
  }

  /** The local service's key: the one of earlier runs (kept under a fixed name, or on an older Local account), else a new one. */
  private async apiKey(): Promise<string> {
    const { context, accounts } = this.services;
    let key = await context.secrets.get(LOCAL_API_KEY_SECRET);
    if (!key) {
      const existing = this.localAccount();
      key = (existing && (await accounts.getApiKey(existing.id))) || randomBytes(24).toString('hex');
      await context.secrets.store(LOCAL_API_KEY_SECRET, key);
    }
    this.services.logger.keys.remember(key);
    return key;
  }

  /** The Local account was removed while its service runs: nothing would reach the service any more. */
  private stopIfAccountRemoved(): void {
    if (this.starting || !this.process?.running) return;
    if (this.localAccount()) return;
    void this.stop().catch((error: unknown) =>
      this.services.logger.scoped('localService').error('Could not stop the local service after its account was removed', error),
    );
  }

  stop(): Promise<boolean> {
    this.stopping ??= this.stopOnce().finally(() => {
      this.stopping = undefined;
    });
    return this.stopping;
  }

  private async stopOnce(): Promise<boolean> {
    await this.starting?.catch(() => undefined);
    const service = this.process;
    if (!service?.running) return false;
    this.process = undefined;
    await service.stop();
    this.services.logger.scoped('localService').info('Stopped the local service');
    await this.announce(undefined);
    return true;
  }

  private exited(description: string): void {
    this.process = undefined;
    this.services.logger.scoped('localService').error(description);
    void this.services.prompts.error(vscode.l10n.t('{0}. Start it again with "DB Host: Start Local Service".', description));
    void this.announce(undefined);
  }

  private localAccount(): Account | undefined {
    const id = this.accountId;
    return id === undefined ? undefined : this.services.accounts.get(id);
  }

  private async announce(accountId: string | undefined): Promise<void> {
    await vscode.commands.executeCommand('setContext', ContextKey.localServiceRunning, accountId !== undefined);
    this.changed.fire(accountId);
  }

  override dispose(): void {
    super.dispose();
    this.process?.kill();
    this.process = undefined;
  }
}
