import { Account } from './account';
import { accountTag, keyDigest, legacyAccountTag } from './accountTags';
import { customPlanFor } from './catalog/plans';
import { demoMutations } from './demo/demoData';
import { completeStartUp } from './handlers/indexBuild';
import type { AccountStore, AccountStores } from './store/accountStore';

/** Databases on the custom deploy of an account moved from the old naming get the custom plan's new slug. */
async function renameLegacyCustomPlan(store: AccountStore, tag: string, key: string): Promise<void> {
  const legacySlug = customPlanFor(legacyAccountTag(key)).slug;
  const slug = customPlanFor(tag).slug;
  const databases = [...store.state.databases.values()].filter((database) => database.slug === legacySlug);
  if (databases.length > 0)
    await store.serve(
      () =>
        store.commit(
          databases.map((database) => ({ op: 'setDatabasePlan', name: database.name, slug })),
          true,
        ),
      true,
    );
}
/** The accounts of the running service, found by a keyed hash of the key so that the key itself is never kept or compared. */
export class Accounts {
  private readonly byDigest = new Map<string, Account>();

  private constructor(
    private readonly secret: Buffer,
    private readonly stores: AccountStores,
  ) {}

  static async open(options: { stores: AccountStores; apiKeys: string[]; payment: boolean; empty: boolean }): Promise<Accounts> {
    const accounts = new Accounts(await options.stores.secret(options.apiKeys), options.stores);
    for (const key of options.apiKeys) {
      const digest = keyDigest(accounts.secret, key);
      if (accounts.byDigest.has(digest)) continue;
      const tag = accountTag(digest);
      const { store, existed } = await options.stores.open(tag, key);
      if (existed) await renameLegacyCustomPlan(store, tag, key);
      else if (!options.empty) await store.seed(demoMutations());
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

  /** Where the accounts' data is kept. */
  get description(): string {
    return this.stores.description;
  }

  close(): Promise<void> {
    return this.stores.close();
  }
}
