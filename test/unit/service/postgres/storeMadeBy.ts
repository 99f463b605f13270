import assert from 'node:assert/strict';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { freshPostgresStore } from '../../../support/testStore';

/**
 * A fresh PostgreSQL store, each of `posts` (path and body) sent by the account of `key` through a service that is
 * stopped afterwards: what a test then does to the store, no service runs beside it.
 */
export async function storeMadeBy(key: string, posts: readonly (readonly [string, object])[]): Promise<string> {
  const store = freshPostgresStore();
  const running = await startServiceInProcess({ apiKeys: [key], empty: true, store, storeCacheMb: 0, keepData: true });
  try {
    for (const [path, body] of posts) {
      const answer = await running.raw('POST', path, { body: jsonBody(body) });
      assert.equal(answer.status, 200, answer.text);
    }
  } finally {
    await running.stop();
  }
  return store;
}
