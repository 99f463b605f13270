import type { Pool } from 'pg';
import type { Mutation } from '../../src/service/store/mutations';
import { readCatalog } from '../../src/service/store/postgres/accountRows';
import { CollectionCache } from '../../src/service/store/postgres/collectionCache';
import { PostgresAccountStore } from '../../src/service/store/postgres/postgresAccountStore';
import { openPostgresStores } from '../../src/service/store/postgres/postgresStores';

/** Makes the database of `url` (tables and all) with one account `account`, and stores `mutations` in it, one commit. */
export async function seedAccount(url: string, account: string, mutations: Mutation[]): Promise<void> {
  const stores = await openPostgresStores(url, () => undefined);
  try {
    const { store } = await stores.open(account, 'unused-key');
    await store.serve(() => store.commit(mutations, true), true);
  } finally {
    await stores.close();
  }
}

/**
 * One account's store as a service process opens it, over `pool` (a hooked one, say: test/support/hookedPool.ts),
 * keeping no collection loaded between requests.
 */
export async function openAccountStore(pool: Pool, account: string): Promise<PostgresAccountStore> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { state, seq } = await readCatalog(client, account);
    await client.query('COMMIT');
    return new PostgresAccountStore(pool, account, state, seq, () => undefined, new CollectionCache(0));
  } finally {
    client.release();
  }
}
