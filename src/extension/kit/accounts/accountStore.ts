import * as vscode from 'vscode';
import { randomUuid } from '../../../core/text/webRandom';
import type { DbHostClientOptions } from '../../../client/dbHostClient';
import type { OutgoingRequest } from '../../../client/transport';
import type { DbHostApi } from '../../../core/api/types';
import type { Logger } from '../../base/logger';
import type { Account } from './account';
import { setting } from '../../base/settings';
import { Disposable } from '../../base/disposable';

/**
 * Makes a client, as the platform's composition root says: on the desktop over node-fetch with the key in the query
 * string, the client's code loaded at the first (dist/client.mjs); in the browser over its fetch, the key in a header.
 */
export type NewClient = (options: DbHostClientOptions) => DbHostApi;

/**
 * Writes the person has confirmed in a command's own modal question: true while that command's run lasts, false
 * once it ended. Only the client {@link AccountStore.withConfirmedClient} hands that command carries one.
 */
export interface WriteConfirmation {
  readonly confirmed: boolean;
}

/** What every request of an account's client passes before it is sent (guardrails/writeGuard.ts); throws to stop it. */
export type WriteGuard = (accountId: string, confirmation: WriteConfirmation | undefined) => (request: OutgoingRequest) => Promise<void>;

const ACCOUNTS_KEY = 'dbhost.accounts';
const secretKeyOf = (accountId: string) => `dbhost.apiKey.${accountId}`;

export class AccountNotFoundError extends Error {
  constructor(accountId: string) {
    super(vscode.l10n.t('The DB Host account {0} no longer exists.', accountId));
    this.name = 'AccountNotFoundError';
  }
}

/**
 * Accounts live in global state (label, address); their keys only in SecretStorage. Clients are
 * made on demand and dropped whenever an account or the request timeout setting changes.
 */
export class AccountStore extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private readonly clients = new Map<string, DbHostApi>();
  private writeGuard: WriteGuard | undefined;

  constructor(
    private readonly state: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
    private readonly logger: Logger,
    private readonly newClient: NewClient,
  ) {
    super();
    this.register(
      secrets.onDidChange((event) => {
        if (!event.key.startsWith('dbhost.apiKey.')) return;
        this.clients.delete(event.key.slice('dbhost.apiKey.'.length));
        this.changed.fire();
      }),
    );
    // Clients read the timeout when made: a changed setting applies from the next request on.
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('dbhost.requestTimeoutSeconds')) this.clients.clear();
      }),
    );
  }

  list(): Account[] {
    return [...(this.state.get<Account[]>(ACCOUNTS_KEY) ?? [])];
  }

  get(accountId: string): Account | undefined {
    return this.list().find((account) => account.id === accountId);
  }

  require(accountId: string): Account {
    const account = this.get(accountId);
    if (!account) throw new AccountNotFoundError(accountId);
    return account;
  }

  async add(details: { label: string; baseUrl: string; apiKey: string }): Promise<Account> {
    const account: Account = { id: randomUuid(), label: details.label, baseUrl: details.baseUrl };
    this.logger.keys.remember(details.apiKey);
    await this.secrets.store(secretKeyOf(account.id), details.apiKey);
    await this.save([...this.list(), account]);
    return account;
  }

  async update(accountId: string, changes: Partial<Omit<Account, 'id'>>): Promise<Account> {
    const updated = { ...this.require(accountId), ...changes };
    await this.save(this.list().map((account) => (account.id === accountId ? updated : account)));
    return updated;
  }

  async setApiKey(accountId: string, apiKey: string): Promise<void> {
    this.require(accountId);
    this.logger.keys.remember(apiKey);
    await this.secrets.store(secretKeyOf(accountId), apiKey);
    this.clients.delete(accountId);
  }

  async getApiKey(accountId: string): Promise<string | undefined> {
    const key = await this.secrets.get(secretKeyOf(accountId));
    if (key) this.logger.keys.remember(key);
    return key;
  }

  async remove(accountId: string): Promise<void> {
    const key = await this.secrets.get(secretKeyOf(accountId));
    await this.secrets.delete(secretKeyOf(accountId));
    await this.save(this.list().filter((account) => account.id !== accountId));
    // Another account with the same key still needs it scrubbed from what is shown and logged.
    if (key && !(await this.keyInUse(key))) this.logger.keys.forget(key);
  }

  private async keyInUse(key: string): Promise<boolean> {
    const keys = await Promise.all(this.list().map((account) => this.secrets.get(secretKeyOf(account.id))));
    return keys.includes(key);
  }

  /** A client for the account, made once per account and key. */
  async clientFor(accountId: string): Promise<DbHostApi> {
    const cached = this.clients.get(accountId);
    if (cached) return cached;
    const client = await this.guardedClient(accountId, undefined);
    this.clients.set(accountId, client);
    return client;
  }

  /**
   * Runs `run` with a client of the account whose writes the person has just confirmed in the command's own modal
   * question, so that an account in Confirm writes does not ask again for each of them (one question for an
   * import of N documents, not N). The confirmation is this client's alone and ends with the run: a write sent
   * through another client, to another account, or after `run` settled is decided by the guard as any other.
   * Read-only still refuses every write of it.
   */
  async withConfirmedClient<T>(accountId: string, run: (client: DbHostApi) => Promise<T>): Promise<T> {
    const confirmation = { confirmed: true };
    try {
      return await run(await this.guardedClient(accountId, confirmation));
    } finally {
      confirmation.confirmed = false;
    }
  }

  private async guardedClient(accountId: string, confirmation: WriteConfirmation | undefined): Promise<DbHostApi> {
    const account = this.require(accountId);
    const apiKey = await this.getApiKey(accountId);
    if (!apiKey) throw new Error(vscode.l10n.t('The account "{0}" has no API key. Use "Change API Key" on it.', account.label));
    // A client made without the guard would send its writes undecided: none is made until guardrails installed it.
    if (!this.writeGuard)
      throw new Error(
        vscode.l10n.t(
          'DB Host has not set up the guardrails of "{0}" yet, so it sends nothing to it. Reload the window; if this happens again, see the DB Host output.',
          account.label,
        ),
      );
    return this.makeClient(account.baseUrl, apiKey, this.writeGuard(accountId, confirmation));
  }

  /**
   * The one choke point of writes: every client `clientFor` and `withConfirmedClient` make runs each request past
   * `guard` first (guardrails: Read-only, Confirm writes), whichever method sends it.
   */
  guardWrites(guard: WriteGuard): void {
    this.writeGuard = guard;
    this.clients.clear();
  }

  /** A client for details not yet saved, e.g. to check a key before it is stored. */
  makeClient(baseUrl: string, apiKey: string, beforeSend?: (request: OutgoingRequest) => Promise<void>): DbHostApi {
    this.logger.keys.remember(apiKey);
    const timeoutSeconds = setting('requestTimeoutSeconds');
    return this.newClient({
      baseUrl,
      apiKey,
      timeoutMs: timeoutSeconds * 1000,
      log: (line) => this.logger.scoped('client').debug(line),
      beforeSend,
    });
  }

  private async save(accounts: Account[]): Promise<void> {
    await this.state.update(ACCOUNTS_KEY, accounts);
    this.clients.clear();
    this.changed.fire();
  }
}
