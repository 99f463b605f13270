import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { Account } from './account';
import { accountTag, dataFolderSecret, keyDigest, legacyAccountTag } from './accountTags';
import { customPlanFor } from './catalog/plans';
import { demoMutations } from './demo/demoData';
import { completeStartUp } from './handlers/indexBuild';
import { AccountDataStore } from './store/accountDataStore';
import type { JournalIo } from './store/journal';

/** Where an account's data lives; a folder named the old way (an unsalted hash of the key) is moved there first. */
function accountDirectory(accountsDir: string, tag: string, key: string, log: (line: string) => void): string {
  const directory = join(accountsDir, tag);
  const legacy = join(accountsDir, legacyAccountTag(key));
  if (!existsSync(directory) && existsSync(legacy)) {
    renameSync(legacy, directory);
    log('Moved an account folder to its new name (a keyed hash of the key)');
  }
  return directory;
}

/** Databases on the custom deploy of an account moved from the old naming get the custom plan's new slug. */
function renameLegacyCustomPlan(store: AccountDataStore, tag: string, key: string): void {
  const legacySlug = customPlanFor(legacyAccountTag(key)).slug;
  const slug = customPlanFor(tag).slug;
  const databases = [...store.state.databases.values()].filter((database) => database.slug === legacySlug);
  if (databases.length > 0)
    store.commit(
      databases.map((database) => ({ op: 'setDatabasePlan', name: database.name, slug })),
      true,
    );
}

/** The accounts of the running service, found by a keyed hash of the key so that the key itself is never kept or compared. */
export class Accounts {
  private readonly byDigest = new Map<string, Account>();

  private constructor(private readonly secret: Buffer) {}

  static open(options: {
    dataDir: string;
    apiKeys: string[];
    payment: boolean;
    empty: boolean;
    log: (line: string) => void;
    journalIo?: JournalIo;
  }): Accounts {
    const accounts = new Accounts(dataFolderSecret(options.dataDir, options.apiKeys));
    const accountsDir = join(options.dataDir, 'accounts');
    for (const key of options.apiKeys) {
      const digest = keyDigest(accounts.secret, key);
      if (accounts.byDigest.has(digest)) continue;
      const tag = accountTag(digest);
      const { store, existed } = AccountDataStore.open(
        accountDirectory(accountsDir, tag, key, options.log),
        options.log,
        options.journalIo,
      );
      if (existed) renameLegacyCustomPlan(store, tag, key);
      else if (!options.empty) {
        for (const batch of demoMutations()) store.commit(batch, false);
        store.compact();
      }
      const account = new Account(tag, store, options.payment);
      accounts.byDigest.set(digest, account);
      // Indexes fill and sizes are measured in the background while the service answers (uniqueness held throughout the load).
      void completeStartUp(account);
    }
    return accounts;
  }

  find(key: string): Account | undefined {
    return this.byDigest.get(keyDigest(this.secret, key));
  }

  all(): Account[] {
    return [...this.byDigest.values()];
  }

  close(): void {
    for (const account of this.byDigest.values()) account.store.close();
  }
}
