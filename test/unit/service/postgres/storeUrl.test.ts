import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { PostgresCluster } from '../../../support/postgresCluster';
import { startPostgresCluster } from '../../../support/postgresCluster';
import { startServiceInChild } from '../../../support/testService';
import { describePostgres } from '../../../support/testStore';

const PASSWORD = 'pw-Never-Printed-7f3a';

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** What a service started on `store` printed before it exited without answering; fails if it started. */
async function refusedStart(store: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const service = await startServiceInChild({ empty: true, store, env });
    await service.stop();
  } catch (error) {
    const match = /^The service exited \((\w+)\) before it was ready:\n([\s\S]*)$/.exec((error as Error).message);
    assert.ok(match, (error as Error).message);
    assert.notEqual(match[1], '0', 'a refused start exits with a failure code');
    return match[2].trim();
  }
  assert.fail(`the service started on ${store.replace(PASSWORD, '<password>')}`);
}

function assertOneLine(output: string, cause: RegExp): void {
  assert.ok(!output.includes(PASSWORD), `the password was printed: ${output.split(PASSWORD).join('<password>')}`);
  assert.equal(output.split('\n').length, 1, `one line, not:\n${output}`);
  assert.match(output, cause);
}

describePostgres('the local service on a --store it cannot use', function () {
  this.timeout(120_000);
  let cluster: PostgresCluster;

  before(async () => {
    cluster = await startPostgresCluster();
    await cluster.sql('CREATE ROLE visitor LOGIN NOCREATEDB');
  });
  after(async () => cluster?.remove());

  it('says in one line that nothing answers at the address, without the password from the URL', async () => {
    const port = await closedPort();
    const output = await refusedStart(`postgres://dbhost:${PASSWORD}@127.0.0.1:${port}/data`);
    assertOneLine(output, new RegExp(`127\\.0\\.0\\.1:${port}`));
  });

  it('says so for a host that does not resolve, and never prints the password from PGPASSWORD', async () => {
    const output = await refusedStart('postgres://dbhost@no-such-host.invalid:5432/data', { PGPASSWORD: PASSWORD });
    assertOneLine(output, /no-such-host\.invalid/);
  });

  it('says that the user may not create the database, naming both', async () => {
    const output = await refusedStart(`postgres://visitor:${PASSWORD}@${cluster.host}:${cluster.port}/not_yet_there`);
    assertOneLine(output, /visitor[\s\S]*not_yet_there|not_yet_there[\s\S]*visitor/);
    assert.match(output, /creat/i);
    assert.equal(await cluster.sql("SELECT count(*) FROM pg_database WHERE datname = 'not_yet_there'"), '0\n');
  });

  it('refuses a URL that is not a PostgreSQL one, without echoing its password', async () => {
    for (const store of [`mysql://root:${PASSWORD}@127.0.0.1/data`, `postgres://root:${PASSWORD}@[::1/data`]) {
      const output = await refusedStart(store);
      assert.ok(!output.includes(PASSWORD), `the password was printed for ${store.replace(PASSWORD, '<password>')}: ${output}`);
      assert.match(output, /--store/);
    }
  });
});
