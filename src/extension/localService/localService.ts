import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { Account } from '../accounts/account';
import type { Services } from '../services';
import { LocalServiceProcess } from './localServiceProcess';

const LOCAL_ACCOUNT_KEY = 'dbhost.localService.accountId';
const LOCAL_LABEL = 'Local';
export const RUNNING_CONTEXT_KEY = 'dbhost.localServiceRunning';

/**
 * "Start Local Service": runs the extension's own service on a free loopback port with its data in
 * the extension's global storage, and keeps a "Local" account pointing at it. It stops with the
 * window or on command.
 */
export class LocalService implements vscode.Disposable {
  private process: LocalServiceProcess | undefined;
  private starting: Promise<Account> | undefined;
  private readonly changed = new vscode.EventEmitter<string | undefined>();
  /** Fires the Local account's id while running, undefined when stopped. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly services: Services) {}

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
    const existing = this.localAccount();
    if (this.process?.running && existing) return existing;
    const { context, accounts, logger } = this.services;
    const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'service.js').fsPath;
    try {
      await fs.access(script);
    } catch {
      throw new Error(`The local service is not part of this installation: ${script} is missing (run "npm run build").`);
    }
    const dataDir = vscode.Uri.joinPath(context.globalStorageUri, 'local-service').fsPath;
    await fs.mkdir(dataDir, { recursive: true });
    // The same key every time, so the service finds the data of earlier runs.
    const apiKey = (existing && (await accounts.getApiKey(existing.id))) || randomBytes(24).toString('hex');
    const service = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Starting the DB Host local service…' },
      () => LocalServiceProcess.start({ script, dataDir, apiKey, logger, onExit: (description) => this.exited(description) }),
    );
    this.process = service;
    let account: Account;
    if (existing) {
      account = await accounts.update(existing.id, { baseUrl: service.url });
      await accounts.setApiKey(existing.id, apiKey);
    } else {
      account = await accounts.add({ label: LOCAL_LABEL, baseUrl: service.url, apiKey });
      await context.globalState.update(LOCAL_ACCOUNT_KEY, account.id);
    }
    logger.info(`The local service runs at ${service.url} with its data in ${dataDir}`);
    await this.announce(account.id);
    return account;
  }

  async stop(): Promise<boolean> {
    await this.starting?.catch(() => undefined);
    const service = this.process;
    if (!service?.running) return false;
    this.process = undefined;
    await service.stop();
    this.services.logger.info('Stopped the local service');
    await this.announce(undefined);
    return true;
  }

  private exited(description: string): void {
    this.process = undefined;
    this.services.logger.error(description);
    void this.services.prompts.error(`${description}. Start it again with "DB Host: Start Local Service".`);
    void this.announce(undefined);
  }

  private localAccount(): Account | undefined {
    const id = this.accountId;
    return id === undefined ? undefined : this.services.accounts.get(id);
  }

  private async announce(accountId: string | undefined): Promise<void> {
    await vscode.commands.executeCommand('setContext', RUNNING_CONTEXT_KEY, accountId !== undefined);
    this.changed.fire(accountId);
  }

  dispose(): void {
    this.process?.kill();
    this.process = undefined;
    this.changed.dispose();
  }
}
