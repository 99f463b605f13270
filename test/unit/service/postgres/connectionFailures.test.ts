import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { startService } from '../../../../src/service/server';
import { parseStoreUrl } from '../../../../src/service/store/postgres/connection';

/** A loopback port nothing listens on: taken from the system, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startFailure(store: string): Promise<string> {
  const lines: string[] = [];
  try {
    const service = await startService({
      port: 0,
      dataDir: '/nonexistent-dbhost-data',
      apiKeys: ['k'],
      store,
      log: (line) => lines.push(line),
    });
    await service.close();
  } catch (error) {
    assert.equal(lines.join('\n').includes('s3cret-Pass'), false, 'the log never holds the password');
    return (error as Error).message;
  }
  return assert.fail('the service started without a reachable PostgreSQL');
}

describe('local service on PostgreSQL: a --store it cannot use', () => {
  it('says in one line that nothing listens there, without the password', async () => {
    const port = await closedPort();
    const message = await startFailure(`postgres://alice:s3cret-Pass@127.0.0.1:${port}/team`);
    assert.match(message, new RegExp(`^PostgreSQL at 127\\.0\\.0\\.1:${port} refused the connection`));
    assert.equal(message.includes('s3cret-Pass'), false);
    assert.equal(message.includes('\n'), false);
  });

  it('refuses a URL that is not postgres:// or names no database', async () => {
    assert.match(await startFailure('mysql://alice@127.0.0.1/team'), /must be a postgres:\/\/ URL/);
    assert.match(await startFailure('postgres://alice@127.0.0.1:5432/'), /names no database/);
    assert.match(await startFailure('not a url'), /must be a URL such as postgres:\/\/USER@HOST:PORT\/DBNAME/);
  });

  it('takes what the URL leaves out from the PG* variables, and shows the target without the password', () => {
    const target = parseStoreUrl('postgres://alice:s3cret-Pass@db.example:6543/team', {});
    assert.equal(target.shown, 'alice@db.example:6543/team');
    assert.equal(target.config.password, 's3cret-Pass');
    const fromEnv = parseStoreUrl('postgres:///team', { PGHOST: 'pg.internal', PGPORT: '7000', PGUSER: 'bob' });
    assert.deepEqual(
      [fromEnv.config.host, fromEnv.config.port, fromEnv.config.user, fromEnv.database],
      ['pg.internal', 7000, 'bob', 'team'],
    );
    assert.equal(fromEnv.config.password, undefined, 'pg reads PGPASSWORD itself');
  });
});
