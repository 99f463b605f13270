import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AccountDataStore } from '../../../src/service/store/accountDataStore';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess, temporaryDirectory } from '../../support/testService';
import { describeJournalStore } from '../../support/testStore';

const KEY = 'account-tags-key-weak';
const unsaltedHash = createHash('sha256').update(KEY, 'utf8').digest('hex');

interface DatabaseRecord {
  name: string;
  plan: string;
  slug: string;
  hostname: string | null;
}
interface PlanRecord {
  name: string;
  slug: string;
  type: string;
}

describeJournalStore('local service: account folder and custom plan names', function () {
  this.timeout(30_000);
  const directories: string[] = [];
  let running: InProcessService | undefined;

  const freshDataDir = () => {
    const directory = temporaryDirectory('account-tags');
    directories.push(directory);
    return directory;
  };
  const start = async (dataDir: string) =>
    (running = await startServiceInProcess({ apiKeys: [KEY], dataDir, keepData: true, empty: true }));
  const customPlan = async (service: InProcessService) =>
    ((await service.raw('GET', '/plans')).json as PlanRecord[]).find((plan) => plan.type === 'custom')!;

  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });
  after(() => {
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });

  it('names them by a keyed hash under a secret made once (owner-only), not by a plain hash of the key', async () => {
    const dataDir = freshDataDir();
    const service = await start(dataDir);
    const custom = await customPlan(service);
    const [folder] = readdirSync(join(dataDir, 'accounts'));
    assert.notEqual(folder, unsaltedHash.slice(0, 16));
    assert.ok(!unsaltedHash.includes(custom.slug.replace('custom-', '')), custom.slug);
    assert.match(readFileSync(join(dataDir, 'secret'), 'utf8'), /^[0-9a-f]{64}$/);
    assert.equal(statSync(join(dataDir, 'secret')).mode & 0o777, 0o600);
    assert.equal((await service.raw('POST', '/databases', { body: JSON.stringify({ name: 'kept', slug: 'sandbox' }) })).status, 200);
    await service.stop();

    const again = await start(dataDir);
    assert.deepEqual(readdirSync(join(dataDir, 'accounts')), [folder]);
    assert.deepEqual((await customPlan(again)).slug, custom.slug);
    assert.deepEqual(
      ((await again.raw('GET', '/databases')).json as DatabaseRecord[]).map((database) => database.name),
      ['kept'],
    );

    const elsewhere = freshDataDir();
    await again.stop();
    await start(elsewhere);
    assert.notDeepEqual(readdirSync(join(elsewhere, 'accounts')), [folder], 'another data folder has another secret');
  });

  it('moves a folder named the old way, keeping its data and its databases on the custom deploy', async () => {
    const dataDir = freshDataDir();
    const legacyTag = unsaltedHash.slice(0, 16);
    const { store } = AccountDataStore.open(join(dataDir, 'accounts', legacyTag), () => undefined);
    store.commit(
      [
        { op: 'createDatabase', name: 'plain', slug: 'sandbox', created: '2024-01-01T00:00:00.000Z' },
        { op: 'createDatabase', name: 'mine', slug: `custom-${legacyTag.slice(0, 6)}`, created: '2024-01-01T00:00:00.000Z' },
        { op: 'createCollection', db: 'plain', name: 'notes' },
        { op: 'put', db: 'plain', col: 'notes', doc: { _id: 1, text: 'from before' } },
      ],
      true,
    );
    store.close();

    const service = await start(dataDir);
    assert.equal(existsSync(join(dataDir, 'accounts', legacyTag)), false);
    assert.equal(readdirSync(join(dataDir, 'accounts')).length, 1);
    assert.deepEqual((await service.raw('GET', '/databases/plain/collections/notes/documents/1')).json, { _id: 1, text: 'from before' });
    const custom = await customPlan(service);
    const mine = ((await service.raw('GET', '/databases')).json as DatabaseRecord[]).find((database) => database.name === 'mine')!;
    assert.deepEqual({ slug: mine.slug, plan: mine.plan }, { slug: custom.slug, plan: custom.name });
    assert.ok(mine.hostname, 'the database is placed on the custom deploy');
    await service.stop();

    const again = await start(dataDir);
    assert.equal(
      ((await again.raw('GET', '/databases')).json as DatabaseRecord[]).find((database) => database.name === 'mine')!.slug,
      custom.slug,
    );
  });
});
