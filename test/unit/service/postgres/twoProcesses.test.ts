import assert from 'node:assert/strict';
import { SeededRandom, seedFromEnvironment } from '../../../support/seededRandom';
import type { ChildService, RawAnswer } from '../../../support/testService';
import { errorText, jsonBody, startServiceInChild } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';
import { DEFAULT_CACHE_MB } from '../../../../src/service/store/postgres/postgresStores';

const KEY = 'two-processes-key-5d18';
const DB = 'shared';
const DOCS = `/databases/${DB}/collections/items/documents`;

const insert = (service: ChildService, document: object): Promise<RawAnswer> =>
  service.raw('POST', DOCS, { body: jsonBody({ document, safe: true }) });

/** Each process keeping what it loaded (the default budget), or loading every collection for each request (none). */
for (const [cacheMb, kept] of [
  [DEFAULT_CACHE_MB, 'each keeping the collections it loaded'],
  [0, 'each loading the collections a request names for it alone'],
] as const)
  describePostgres(`two service processes over one PostgreSQL database, ${kept}`, function () {
    this.timeout(120_000);
    let store: string;
    let one: ChildService;
    let two: ChildService;

    beforeEach(async () => {
      store = freshPostgresStore();
      one = await startServiceInChild({ apiKeys: [KEY], empty: true, store, storeCacheMb: cacheMb });
      two = await startServiceInChild({ apiKeys: [KEY], empty: true, store, storeCacheMb: cacheMb });
      const created = await one.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) });
      assert.equal(created.status, 200, created.text);
    });
    afterEach(async () => {
      await one?.stop();
      await two?.stop();
    });

    it('reads through one what was written through the other, at once: inserts, updates, deletes, databases and collections', async () => {
      assert.deepEqual((await two.raw('GET', '/databases')).json, (await one.raw('GET', '/databases')).json);
      assert.equal((await insert(one, { _id: 'a', n: 1, text: 'first' })).status, 200);
      assert.deepEqual((await two.raw('GET', `${DOCS}/a`)).json, { _id: 'a', n: 1, text: 'first' });

      const updated = await two.raw('PUT', `${DOCS}/a`, { body: jsonBody({ document: { $inc: { n: 41 } }, safe: true }) });
      assert.equal(updated.status, 200, updated.text);
      assert.deepEqual((await one.raw('GET', `${DOCS}/a`)).json, { _id: 'a', n: 42, text: 'first' });
      const listed = await one.raw('GET', `${DOCS}?q=${encodeURIComponent('{"n": {"$gt": 40}}')}`);
      assert.equal(listed.headers.get('x-service-count'), '1');

      assert.equal((await one.raw('DELETE', `${DOCS}/a`)).status, 200);
      assert.equal((await two.raw('GET', `${DOCS}/a`)).status, 404);

      const collection = await two.raw('POST', `/databases/${DB}/collections`, { body: jsonBody({ name: 'made-by-two' }) });
      assert.equal(collection.status, 200, collection.text);
      const names = ((await one.raw('GET', `/databases/${DB}/collections`)).json as { name: string }[]).map(({ name }) => name);
      assert.ok(names.includes('made-by-two'), `the first process lists ${names.join(', ')}`);
    });

    it('refuses the second of two conflicting saves, whichever process each went through', async () => {
      assert.equal((await insert(one, { _id: 'same', by: 'one' })).status, 200);
      const second = await insert(two, { _id: 'same', by: 'two' });
      assert.equal(second.status, 409, second.text);
      assert.match(errorText(second), /^E11000 duplicate key error index: shared\.items\.\$_id_/);
      assert.deepEqual((await two.raw('GET', `${DOCS}/same`)).json, { _id: 'same', by: 'one' });

      // At the same moment, 20 times over: exactly one of each pair is kept, and the other is told.
      for (let round = 0; round < 20; round++) {
        const answers = await Promise.all([
          insert(one, { _id: `race-${round}`, by: 'one' }),
          insert(two, { _id: `race-${round}`, by: 'two' }),
        ]);
        assert.deepEqual(
          answers.map(({ status }) => status).sort(),
          [200, 409],
          `round ${round}: ${answers.map(({ text }) => text).join(' / ')}`,
        );
        const winner = answers[0].status === 200 ? 'one' : 'two';
        assert.equal(((await one.raw('GET', `${DOCS}/race-${round}`)).json as { by: string }).by, winner);
      }
    });

    it('loses no update when both processes increment the same document at once', async () => {
      assert.equal((await insert(one, { _id: 'counter', n: 0 })).status, 200);
      const increments = Array.from({ length: 60 }, (_, index) =>
        (index % 2 ? one : two).raw('PUT', `${DOCS}/counter`, { body: jsonBody({ document: { $inc: { n: 1 } }, safe: true }) }),
      );
      const answers = await Promise.all(increments);
      const accepted = answers.filter(({ status }) => status === 200).length;
      assert.deepEqual(
        (await two.raw('GET', `${DOCS}/counter`)).json,
        { _id: 'counter', n: accepted },
        'every acknowledged increment is there',
      );
      assert.deepEqual(
        answers.filter(({ status }) => status !== 200).map(({ status, text }) => `${status} ${text}`),
        [],
        'no increment is refused: the journal store takes all of them',
      );
    });

    it('sees through one an index made through the other: listed, used by queries and enforced when unique', async () => {
      assert.equal((await insert(one, { _id: 1, email: 'a@example.com' })).status, 200);
      const made = await one.raw('POST', `/databases/${DB}/collections/items/indexes`, {
        body: jsonBody({ spec: { email: 1 }, unique: true, background: false }),
      });
      assert.equal(made.status, 200, made.text);
      const names = ((await two.raw('GET', `/databases/${DB}/collections/items/indexes`)).json as { name: string }[]).map(
        ({ name }) => name,
      );
      assert.deepEqual(names.sort(), ['_id_', 'email_1']);
      const explained = await two.raw(
        'GET',
        `/databases/${DB}/collections/items/explain?q=${encodeURIComponent('{"email": "a@example.com"}')}`,
      );
      // Whether PostgreSQL walks the index is its choice (not for one row: explainOnPostgres.test.ts shows it does
      // when it pays); the other process plans with it as a candidate.
      assert.deepEqual((explained.json as { candidates?: string[] }).candidates, ['email_1'], explained.text);
      const duplicate = await insert(two, { _id: 2, email: 'a@example.com' });
      assert.equal(duplicate.status, 409, duplicate.text);
      assert.match(errorText(duplicate), /^E11000 duplicate key error index: shared\.items\.\$email_1/);

      assert.equal((await two.raw('DELETE', `/databases/${DB}/collections/items/indexes/email_1`)).status, 200);
      assert.equal(
        (await insert(one, { _id: 3, email: 'a@example.com' })).status,
        200,
        'the dropped index no longer refuses through the other',
      );
    });

    it('keeps every write either process acknowledged when one is killed with -9 while both write', async () => {
      const seed = seedFromEnvironment('DBHOST_DURABILITY_SEED', 3_030);
      const random = new SeededRandom(seed);
      const killAfter = random.int(30, 200);
      const acknowledged = new Set<string>();
      let acknowledgedByOne = 0;
      let signalKill: () => void = () => undefined;
      const killMoment = new Promise<void>((resolve) => (signalKill = resolve));
      const writer = async (service: ChildService, lane: string, until: Promise<void>) => {
        let stop = false;
        void until.then(() => (stop = true));
        for (let n = 0; !stop; n++) {
          const id = `${lane}-${n}`;
          let answer: RawAnswer;
          try {
            answer = await insert(service, { _id: id, lane, payload: 'p'.repeat(random.int(10, 3000)) });
          } catch {
            return; // Killed: this write was never acknowledged.
          }
          if (answer.status !== 200) continue;
          acknowledged.add(id);
          if (service === one && ++acknowledgedByOne === killAfter) signalKill();
        }
      };
      let stopTwo: () => void = () => undefined;
      const twoStops = new Promise<void>((resolve) => (stopTwo = resolve));
      const writers = [0, 1, 2].map((lane) => writer(one, `one${lane}`, new Promise(() => undefined)));
      const survivors = [0, 1].map((lane) => writer(two, `two${lane}`, twoStops));
      await killMoment;
      await one.kill('SIGKILL');
      await Promise.all(writers);
      // The survivor keeps taking writes after the kill.
      for (let n = 0; n < 20; n++) {
        const answer = await insert(two, { _id: `after-${n}` });
        assert.equal(answer.status, 200, answer.text);
        acknowledged.add(`after-${n}`);
      }
      stopTwo();
      await Promise.all(survivors);

      one = await startServiceInChild({ apiKeys: [KEY], empty: true, store, storeCacheMb: cacheMb });
      for (const reader of [one, two]) {
        const stored = new Set<string>();
        for (let skip = 0; ; skip += 100) {
          const page = (
            await reader.raw(
              'GET',
              `${DOCS}?skip=${skip}&limit=100&sort=${encodeURIComponent('{"_id": 1}')}&fields=${encodeURIComponent('["_id"]')}`,
            )
          ).json as { _id: string }[];
          for (const { _id } of page) stored.add(_id);
          if (page.length < 100) break;
        }
        const lost = [...acknowledged].filter((id) => !stored.has(id));
        assert.deepEqual(
          lost,
          [],
          `seed ${seed}: acknowledged but missing when read through ${reader === one ? 'the restarted process' : 'the survivor'}`,
        );
      }
    });
  });
