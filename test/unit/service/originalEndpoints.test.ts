import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InProcessService } from '../../support/testService';
import { errorText, startServiceInProcess, temporaryDirectory } from '../../support/testService';

const KEY = 'original-endpoints-key';
const OTHER_KEY = 'original-endpoints-other';
const PASSWORD = 'correct horse battery staple';

type Json = Record<string, unknown>;
type MemberStats = Record<string, number | string>;
interface StatsAnswer {
  time: number;
  members: MemberStats[];
  samples: { time: number; members: MemberStats[] }[];
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

describe('local service: the original endpoints the interface text leaves out', function () {
  this.timeout(30_000);
  let running: InProcessService;
  const json = (value: unknown) => ({ body: JSON.stringify(value) });
  /** The interface's own client asks for JSON on every request. */
  const asTheInterfaceClient = { headers: { Accept: 'application/json' } };
  /** The Ruby gem's request: Faraday over Net::HTTP, its own User-Agent, any type accepted, the key in the query string. */
  const asTheGem = { headers: { Accept: '*/*', 'User-Agent': 'MongoHQ/0.5.7/ruby' } };

  beforeEach(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY, OTHER_KEY], slowQueryMs: 0 });
  });
  afterEach(async () => running.stop());

  describe('database users', () => {
    it('adds, lists and removes users; never answers or stores the password', async () => {
      assert.deepEqual((await running.raw('GET', '/databases/shop/users')).json, []);
      assert.deepEqual(
        (await running.raw('POST', '/databases/shop/users', json({ user: 'reporting', password: PASSWORD, readOnly: true }))).json,
        { ok: 1 },
      );
      assert.deepEqual((await running.raw('POST', '/databases/shop/users', json({ user: 'app', password: PASSWORD }))).json, { ok: 1 });
      const listed = await running.raw('GET', '/databases/shop/users');
      assert.deepEqual(listed.json, [
        { user: 'reporting', readOnly: true },
        { user: 'app', readOnly: false },
      ]);
      assert.deepEqual((await running.raw('GET', '/databases/shop/users/app')).json, { user: 'app', readOnly: false });
      assert.deepEqual(
        (await running.raw('GET', '/databases/shop/users', { key: OTHER_KEY })).json,
        [],
        "another account's shop has no users",
      );
      for (const file of filesUnder(running.dataDir))
        assert.ok(!readFileSync(file, 'utf8').includes('battery'), `${file} holds the password`);
      assert.deepEqual((await running.raw('DELETE', '/databases/shop/users/app')).json, { ok: 1 });
      assert.equal((await running.raw('GET', '/databases/shop/users/app')).status, 404);
      assert.equal((await running.raw('DELETE', '/databases/shop/users/app')).status, 404);
    });

    it('refuses a duplicate, an empty password and a missing member with clear messages', async () => {
      await running.raw('POST', '/databases/shop/users', json({ user: 'app', password: PASSWORD }));
      assert.match(
        errorText(await running.raw('POST', '/databases/shop/users', json({ user: 'app', password: 'other' }))),
        /already exists/,
      );
      assert.match(
        errorText(await running.raw('POST', '/databases/shop/users', json({ user: 'x', password: '' }))),
        /password cannot be empty/,
      );
      assert.match(errorText(await running.raw('POST', '/databases/shop/users', json({ user: 'x' }))), /"password"/);
      assert.equal((await running.raw('POST', '/databases/nope/users', json({ user: 'x', password: 'y' }))).status, 404);
    });

    it('creates a user from {user, pwd, readonly} inserted into system.users, as the users endpoint does, and nothing else there', async () => {
      const form = (members: Record<string, string>) => ({
        body: new URLSearchParams(members).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      const insert = (members: Record<string, string>) =>
        running.raw('POST', '/databases/shop/collections/system.users/documents', form({ ...members, safe: '1' }));
      const digest = '1f4b0c8e2a9d7c3b5e6f8a0d2c4e6a8b';
      assert.deepEqual((await insert({ 'document[user]': 'laravel', 'document[pwd]': digest, 'document[readonly]': '' })).json, { ok: 1 });
      assert.deepEqual((await insert({ 'document[user]': 'viewer', 'document[pwd]': digest, 'document[readonly]': '1' })).json, { ok: 1 });
      assert.deepEqual((await running.raw('GET', '/databases/shop/users')).json, [
        { user: 'laravel', readOnly: false },
        { user: 'viewer', readOnly: true },
      ]);
      for (const file of filesUnder(running.dataDir)) assert.ok(!readFileSync(file, 'utf8').includes(digest), `${file} holds the pwd`);
      // The same rules as POST /databases/:db/users.
      assert.match(errorText(await insert({ 'document[user]': 'laravel', 'document[pwd]': 'x' })), /already exists/);
      assert.match(errorText(await insert({ 'document[user]': 'a\u0001b', 'document[pwd]': 'x' })), /control characters/);
      assert.match(errorText(await insert({ 'document[user]': 'y', 'document[pwd]': '' })), /password cannot be empty/);
      assert.match(errorText(await insert({ 'document[user]': 'y' })), /"pwd"/);
      assert.match(
        errorText(await insert({ 'document[user]': 'y', 'document[pwd]': 'x', 'document[roles]': 'root' })),
        /only user, pwd and readonly/,
      );
      // Nothing else under system. becomes writable, and system.users holds no document.
      const other = await running.raw('POST', '/databases/shop/collections/system.js/documents', json({ document: { a: 1 } }));
      assert.equal(other.status, 400);
      assert.match(errorText(other), /reserved/);
      assert.equal((await running.raw('GET', '/databases/shop/collections/system.users/documents')).status, 404);
      assert.ok(
        !((await running.raw('GET', '/databases/shop/collections')).json as { name: string }[]).some((c) => c.name.startsWith('system.')),
      );
    });

    it('keeps users, hashed, across a restart', async () => {
      const dataDir = temporaryDirectory('users');
      await running.stop();
      running = await startServiceInProcess({ apiKeys: [KEY], dataDir, keepData: true });
      await running.raw('POST', '/databases/shop/users', json({ user: 'kept', password: PASSWORD }));
      await running.stop();
      running = await startServiceInProcess({ apiKeys: [KEY], dataDir });
      assert.deepEqual((await running.raw('GET', '/databases/shop/users')).json, [{ user: 'kept', readOnly: false }]);
    });
  });

  describe('deployment statistics', () => {
    it('answer a five-minute series per member whose operation counters move with the account’s own operations', async () => {
      const name = encodeURIComponent(
        ((await running.raw('GET', '/deployments')).json as { name: string; databases: string[] }[]).find((d) =>
          d.databases.includes('shop'),
        )!.name,
      );
      const before = (await running.raw('GET', `/deployments/${name}/stats`, asTheInterfaceClient)).json as StatsAnswer;
      assert.equal(before.samples.length, 30);
      assert.deepEqual(before.members, before.samples[before.samples.length - 1].members);
      for (let n = 0; n < 12; n++)
        await running.raw(
          'POST',
          '/databases/shop/collections/orders/documents',
          json({ document: { n, note: 'x'.repeat(2000) }, safe: true }),
        );
      for (let n = 0; n < 5; n++) await running.raw('GET', '/databases/shop/collections/orders/documents?limit=1');
      const after = (await running.raw('GET', `/deployments/${name}/stats`, asTheInterfaceClient)).json as StatsAnswer;
      const [member] = after.members;
      assert.ok(
        (member['opcounters/insert'] as number) >= (before.members[0]['opcounters/insert'] as number) + 1.2,
        `inserts per second: ${member['opcounters/insert']}`,
      );
      assert.ok((member['opcounters/query'] as number) >= 0.5);
      assert.ok((member['connections/current'] as number) >= 1);
      assert.ok((member['mem/resident'] as number) > 0 && (member['mem/virtual'] as number) > (member['mem/resident'] as number));
      assert.ok(after.time >= before.time);
      const times = after.samples.map((sample) => sample.time);
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b),
      );
    });

    it('give a replica set’s secondaries the replicated writes only', async () => {
      await running.raw('POST', '/databases/metrics/collections/events/documents', json({ document: { a: 1 }, safe: true }));
      const set = ((await running.raw('GET', '/deployments')).json as { name: string; databases: string[] }[]).find((d) =>
        d.databases.includes('metrics'),
      )!.name;
      const stats = (await running.raw('GET', `/deployments/${encodeURIComponent(set)}/stats`, asTheInterfaceClient)).json as StatsAnswer;
      assert.equal(stats.members.length, 3);
      assert.ok((stats.members[0]['opcounters/insert'] as number) > 0);
      assert.equal(stats.members[1]['opcounters/insert'], 0);
      assert.ok((stats.members[1]['opcountersRepl/insert'] as number) > 0);
    });

    it("answer the original's array of samples, newest first, to the gem's request by whatever name it derives, and the object to the interface's client", async () => {
      // The gem's path: a database created through POST /databases, the deployment name derived from its hostname and port.
      assert.equal((await running.raw('POST', '/databases?name=gem_db&slug=sandbox', { headers: asTheGem.headers })).status, 200);
      const own = ((await running.raw('GET', '/deployments')).json as { name: string }[]).map((deployment) => deployment.name);
      const names = new Set(own);
      for (const database of (await running.raw('GET', '/databases', asTheGem)).json as { hostname: string; port: number }[])
        names.add(`${database.hostname.replace(/[^.]+[0-9]+\./g, '')}:${database.port}`);
      let asked = 0;
      for (const name of names) {
        const path = `/deployments/${encodeURIComponent(name)}/stats`;
        const answer = await running.raw('GET', path, asTheGem);
        if (answer.status === 404) continue;
        asked++;
        const series = answer.json as StatsAnswer[];
        assert.ok(Array.isArray(series), `${name}: not an array for the gem: ${answer.text.slice(0, 120)}`);
        assert.equal(series.length, 30);
        assert.ok(series[0].members.length > 0 && typeof series[0].members[0]['opcounters/insert'] === 'number');
        assert.ok(series[0].time >= series[series.length - 1].time, `${name}: not newest first`);
        const object = (await running.raw('GET', path, asTheInterfaceClient)).json as StatsAnswer;
        assert.ok(!Array.isArray(object) && object.samples.length === 30, `${name}: the interface's client no longer gets the object`);
        const viaClient = await running.client().getDeploymentStats(name);
        assert.ok(Array.isArray(viaClient.samples) && Array.isArray(viaClient.members), `${name}: the extension's client`);
      }
      assert.ok(asked > own.length, `asked by ${asked} names, of which the deployments' own ${own.length}`);
      for (const name of own) assert.ok(names.has(name));
    });

    it('are 404 for a deployment of another account', async () => {
      const name = ((await running.raw('GET', '/deployments')).json as { name: string }[])[0].name;
      assert.equal((await running.raw('GET', `/deployments/${encodeURIComponent(name)}/stats`, { key: OTHER_KEY })).status, 404);
    });
  });

  describe('copy database', () => {
    it('copies collections, indexes and documents into a new database on the same plan, then refuses a non-empty destination', async () => {
      const copied = await running.raw('POST', '/copy_database', json({ from: 'inventory', to: 'inventory_copy' }));
      assert.deepEqual(copied.json, { copy: true, from: 'inventory', to: 'inventory_copy' });
      const original = (await running.raw('GET', '/databases/inventory/collections')).json as Json[];
      const copy = (await running.raw('GET', '/databases/inventory_copy/collections')).json as Json[];
      assert.deepEqual(copy, original);
      assert.equal(((await running.raw('GET', '/databases/inventory_copy')).json as Json).slug, 'sandbox');
      const again = (await running.raw('POST', '/copy_database', json({ from: 'inventory', to: 'inventory_copy' }))).json as Json;
      assert.equal(again.copy, false);
      assert.equal(again.error, 'Destination database is not empty.');
    });

    it('applies the free-plan limit, and answers bad names 400 and a missing source 404', async () => {
      for (let n = 0; n < 4; n++) await running.raw('POST', '/databases', json({ name: `free${n}`, slug: 'sandbox' }));
      const refused = (await running.raw('POST', '/copy_database', json({ from: 'inventory', to: 'sixth' }))).json as Json;
      assert.equal(refused.copy, false);
      assert.match(String(refused.error), /5 free databases/);
      assert.equal((await running.raw('GET', '/databases/sixth')).status, 404);
      assert.equal((await running.raw('POST', '/copy_database', json({ from: 'inventory', to: 'bad name' }))).status, 400);
      assert.equal((await running.raw('POST', '/copy_database', json({ from: 'nope', to: 'fine' }))).status, 404);
      assert.equal(
        (await running.raw('POST', '/copy_database', { ...json({ from: 'inventory', to: 'theirs' }), key: OTHER_KEY })).status,
        200,
      );
      assert.equal((await running.raw('GET', '/databases/theirs')).status, 404, 'the copy is in the other account only');
    });
  });

  describe('one index, current operations and slow queries', () => {
    it('reads one index by name, 404 for another', async () => {
      const indexes = (await running.raw('GET', '/databases/shop/collections/orders/indexes')).json as Json[];
      const one = (await running.raw('GET', `/databases/shop/collections/orders/indexes/${indexes[1].name as string}`)).json;
      assert.deepEqual(one, indexes[1]);
      assert.equal((await running.raw('GET', '/databases/shop/collections/orders/indexes/nope_1')).status, 404);
    });

    it('lists the operations in progress on a database, the currentOp itself among them', async () => {
      const { inprog } = (await running.raw('GET', '/databases/shop/ops')).json as { inprog: Json[] };
      assert.equal(inprog.length, 1);
      assert.equal(inprog[0].op, 'command');
      assert.equal(inprog[0].ns, 'shop.$cmd');
      assert.deepEqual(inprog[0].query, { currentOp: 1 });
      assert.equal((await running.raw('GET', '/databases/nope/ops')).status, 404);
    });

    it('logs operations over the threshold, newest first, with their query, and reads one as a list of one', async () => {
      await running.raw(
        'GET',
        `/databases/shop/collections/orders/documents?q=${encodeURIComponent('{"status":"shipped"}')}&sort=${encodeURIComponent('{"total":-1}')}`,
      );
      const slow = (await running.raw('GET', '/slow_queries/shop')).json as Json[];
      assert.equal(slow[0].op, 'query');
      assert.equal(slow[0].ns, 'shop.orders');
      assert.deepEqual(slow[0].query, { status: 'shipped' });
      assert.deepEqual(slow[0].orderby, { total: -1 });
      assert.equal(typeof slow[0].millis, 'number');
      const id = (slow[0]._id as { $oid: string }).$oid;
      assert.deepEqual((await running.raw('GET', `/slow_queries/shop/${id}`)).json, [slow[0]]);
      assert.equal((await running.raw('GET', '/slow_queries/shop/0123456789abcdef01234567')).status, 404);
      assert.ok(!(await running.raw('GET', '/slow_queries/shop', { key: OTHER_KEY })).text.includes('shipped'), "another account's log");
    });

    it('keeps nothing under the default threshold of 100 ms for quick operations', async () => {
      await running.stop();
      running = await startServiceInProcess({ apiKeys: [KEY] });
      await running.raw('GET', '/databases/shop/collections/orders/documents?limit=1');
      assert.deepEqual((await running.raw('GET', '/slow_queries/shop')).json, []);
    });
  });
});
