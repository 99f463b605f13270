import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Account } from './account';
import { demoMutations } from './demo/demoData';
import { AccountStore } from './store/accountStore';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The accounts of the running service, found by a hash of the key so that the key itself is never kept or compared. */
export class Accounts {
  private readonly byKeyHash = new Map<string, Account>();

  private constructor() {}

  static open(options: { dataDir: string; apiKeys: string[]; payment: boolean; empty: boolean; log: (line: string) => void }): Accounts {
    const accounts = new Accounts();
    for (const key of options.apiKeys) {
      const keyHash = sha256(key);
      if (accounts.byKeyHash.has(keyHash)) continue;
      const tag = keyHash.slice(0, 16);
      const { store, existed } = AccountStore.open(join(options.dataDir, 'accounts', tag), options.log);
      if (!existed && !options.empty) {
        for (const batch of demoMutations()) store.commit(batch, false);
        store.compact();
      }
      accounts.byKeyHash.set(keyHash, new Account(tag, store, options.payment));
    }
    return accounts;
  }

  find(key: string): Account | undefined {
    return this.byKeyHash.get(sha256(key));
  }

  all(): Account[] {
    return [...this.byKeyHash.values()];
  }

  close(): void {
    for (const account of this.byKeyHash.values()) account.store.close();
  }
}
