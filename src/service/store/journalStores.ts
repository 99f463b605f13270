import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { dataFolderSecret, legacyAccountTag } from '../accountTags';
import { AccountDataStore } from './accountDataStore';
import type { AccountStore, AccountStores } from './accountStore';
import type { AccountState } from './accountState';
import { withGroupCommit } from './groupCommit';
import type { JournalIo } from './journal';
import type { Mutation } from './mutations';
import { journalLineInSlices } from './slicedLine';

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

/** An account's snapshot and journal (accountDataStore.ts) as the handlers see a store. */
class JournalAccountStore implements AccountStore {
  constructor(readonly files: AccountDataStore) {}

  get state(): AccountState {
    return this.files.state;
  }

  commit(mutations: Mutation[], durable: boolean): void {
    this.files.commit(mutations, durable);
  }

  /** Serialised a slice at a time (slicedLine.ts), then written as one journal line. */
  async commitCopy(mutations: Mutation[], complete: () => string | undefined): Promise<string | undefined> {
    return this.files.commitInSlices(await journalLineInSlices(mutations, { at: Date.now() }), complete);
  }

  /** A request's durable writes share their syncs with the other requests of the moment (groupCommit.ts). */
  serve<T>(run: () => T | Promise<T>): T | Promise<T> {
    return withGroupCommit(run);
  }

  /** The batches as journal lines, then folded into the first snapshot. */
  seed(batches: Iterable<Mutation[]>): Promise<void> {
    for (const batch of batches) this.files.commit(batch, false);
    this.files.compact();
    return Promise.resolve();
  }

  close(): void {
    this.files.close();
  }
}

/** The default: each account's snapshot and journal in its folder under `<dataDir>/accounts`. */
export class JournalStores implements AccountStores {
  private readonly opened: AccountDataStore[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly log: (line: string) => void,
    private readonly journalIo?: JournalIo,
  ) {}

  get description(): string {
    return `Data in ${this.dataDir}`;
  }

  secret(apiKeys: string[]): Promise<Buffer> {
    return Promise.resolve(dataFolderSecret(this.dataDir, apiKeys));
  }

  open(tag: string, key: string): Promise<{ store: AccountStore; existed: boolean }> {
    const directory = accountDirectory(join(this.dataDir, 'accounts'), tag, key, this.log);
    const { store, existed } = AccountDataStore.open(directory, this.log, this.journalIo);
    this.opened.push(store);
    return Promise.resolve({ store: new JournalAccountStore(store), existed });
  }

  close(): Promise<void> {
    for (const store of this.opened) store.close();
    return Promise.resolve();
  }
}
