import type { DbHostApi } from '../../../src/core/api/types';
import { addAccount, removeAccount, serviceClient } from './accounts';
import { RecordingProxy } from './recordingProxy';
import { readTestConfig } from './test-config';

/** An account of the empty local service that the extension reaches through a {@link RecordingProxy}. */
export interface ProxiedAccount {
  /** Records (and can drop) every request the extension sends for the account. */
  readonly proxy: RecordingProxy;
  readonly accountId: string;
  /** A second client, straight to the service: how a test sets up and checks data past the extension and the proxy. */
  readonly other: DbHostApi;
  /** Deletes the database, removes the account, stops the proxy. */
  remove(): Promise<void>;
}

/**
 * Adds an account named `label` behind a recording proxy to the empty local service, and makes database `db`
 * (a sandbox) with collection `col` through the second client. What it made is undone by `remove()`, or by
 * itself when a step fails.
 */
export async function addProxiedAccount(options: { label: string; db: string; col: string }): Promise<ProxiedAccount> {
  const { empty } = readTestConfig().services;
  const proxy = new RecordingProxy(empty.url);
  await proxy.start();
  const other = serviceClient(empty);
  let accountId: string | undefined;
  const remove = async (): Promise<void> => {
    await other.deleteDatabase(options.db).catch(() => undefined);
    if (accountId) await removeAccount(accountId);
    await proxy.stop();
  };
  try {
    ({ accountId } = await addAccount(options.label, { url: proxy.url, apiKey: empty.apiKey }));
    // "Add Account" checks the key with a read of its own: what the proxy records starts after it.
    proxy.requests.splice(0);
    await other.createDatabase(options.db, 'sandbox');
    await other.createCollection(options.db, options.col);
  } catch (error) {
    await remove();
    throw error;
  }
  return { proxy, accountId, other, remove };
}
