import assert from 'node:assert/strict';
import { join } from 'node:path';
import { accountTag, dataFolderSecret, keyDigest } from '../../../../src/service/accountTags';
import { AccountDataStore } from '../../../../src/service/store/accountDataStore';
import type { Mutation } from '../../../../src/service/store/mutations';
import type { RawAnswer, InProcessService } from '../../../support/testService';
import { errorText, jsonBody, startServiceInProcess, temporaryDirectory } from '../../../support/testService';
import { describeSeedingJournalFiles } from '../../../support/testStore';

const KEY = 'budget-limits-key-a';
const OTHER = 'budget-limits-key-b';
const DOCS = '/databases/db/collections/c/documents';
const COUNT = 1_500;

/** Writes the documents straight into the account's store (1,500 inserts over HTTP would be slow), as the service finds them after a restart. */
function seed(dataDir: string, key: string): void {
  const { store } = AccountDataStore.open(
    join(dataDir, 'accounts', accountTag(keyDigest(dataFolderSecret(dataDir), key))),
    () => undefined,
  );
  const mutations: Mutation[] = [
    { op: 'createDatabase', name: 'db', slug: 'sandbox', created: '2024-01-01T00:00:00.000Z' },
    { op: 'createCollection', db: 'db', name: 'c' },
  ];
  for (let n = 0; n < COUNT; n++)
    mutations.push({ op: 'put', db: 'db', col: 'c', doc: { _id: n, n, t: 'a'.repeat(30), list: [n, n + 1] } });
  store.commit(mutations, true);
  store.close();
}

describeSeedingJournalFiles('adversarial budget: caps and a per-request work budget', function () {
  this.timeout(120_000);
  let running: InProcessService;

  const find = (q: unknown, extra = '', key = KEY): Promise<RawAnswer> =>
    running.raw('GET', `${DOCS}?q=${encodeURIComponent(JSON.stringify(q))}${extra}`, { key });
  const assertRefused = (answer: RawAnswer, limit: RegExp) => {
    assert.equal(answer.status, 400, answer.text.slice(0, 500));
    assert.match(errorText(answer), limit);
  };

  before(async () => {
    const dataDir = temporaryDirectory('adversarial-budget');
    seed(dataDir, KEY);
    seed(dataDir, OTHER);
    running = await startServiceInProcess({ apiKeys: [KEY, OTHER], dataDir, empty: true });
  });
  after(async () => running.stop());

  it("refuses a sort of more than 32 keys (the database limit), the issue's 12,000 included, and sorts with 32", async () => {
    const sortOf = (keys: number) =>
      `&sort=${encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, 1]))))}`;
    for (const keys of [33, 100, 12_000])
      assertRefused(await find({}, sortOf(keys)), /A sort can have at most 32 keys \(the database's limit\)/);
    assert.equal((await find({}, `${sortOf(31)}&limit=1`)).status, 200);
  });

  it('refuses a 65th index on a collection (the database limit of 64, _id_ included)', async () => {
    for (let i = 1; i < 64; i++) {
      const answer = await running.raw('POST', '/databases/db/collections/c/indexes', {
        key: OTHER,
        body: jsonBody({ spec: { [`f${i}`]: 1 } }),
      });
      assert.equal(answer.status, 200, `index ${i}: ${answer.text}`);
    }
    assertRefused(
      await running.raw('POST', '/databases/db/collections/c/indexes', { key: OTHER, body: jsonBody({ spec: { last: 1 } }) }),
      /at most 64 indexes \(the database's limit/,
    );
    const indexes = await running.raw('GET', '/databases/db/collections/c/indexes', { key: OTHER });
    assert.equal((indexes.json as unknown[]).length, 64);
  });

  it('refuses a $range longer than an expression may build, before building it', async () => {
    for (const range of [
      [0, 1e8],
      [0, 1e6],
      [0, 200_001, 2],
      [1e9, 0, -1],
    ]) {
      assertRefused(
        await find({ $expr: { $gt: [{ $size: { $range: range } }, 0] } }),
        /\$range would build [\d,]+ elements; an expression may build at most 100,000/,
      );
    }
    assert.equal((await find({ _id: { $lt: 3 }, $expr: { $eq: [{ $size: { $range: [0, 1000] } }, 1000] } })).status, 200);
  });

  it('refuses expressions that build ever larger strings or arrays, or do too much work', async () => {
    const doubling = (op: string, seedValue: unknown) => ({
      $expr: {
        $gt: [
          {
            $size: {
              $ifNull: [{ $reduce: { input: { $range: [0, 40] }, initialValue: seedValue, in: { [op]: ['$$value', '$$value'] } } }, []],
            },
          },
          0,
        ],
      },
    });
    assertRefused(
      await find({ _id: 1, ...doubling('$concatArrays', [1]) }),
      /built an array of more than 1,000,000 elements|more work than the local service allows/,
    );
    const stringDoubling = {
      _id: 1,
      $expr: {
        $gt: [{ $strLenCP: { $reduce: { input: { $range: [0, 40] }, initialValue: 'ab', in: { $concat: ['$$value', '$$value'] } } } }, 0],
      },
    };
    assertRefused(await find(stringDoubling), /built a string of more than 16,777,216 characters|more work than the local service allows/);
    const nested = { $expr: { $gt: [{ $size: { $map: { input: { $range: [0, 10_000] }, in: { $range: [0, 1_000] } } } }, 0] } };
    assertRefused(await find(nested), /more work than the local service allows one request \([\d,]+ steps/);
  });

  it("refuses the issue's $range over every document as over the work budget, and answers the other account meanwhile", async () => {
    const expensive = find({ $expr: { $gt: [{ $size: { $range: [0, 99_999] } }, 5] } });
    const other = find({ n: { $lt: 10 } }, '', OTHER);
    const order: string[] = [];
    const [expensiveAnswer, otherAnswer] = await Promise.all([
      expensive.then((a) => (order.push('expensive'), a)),
      other.then((a) => (order.push('other'), a)),
    ]);
    assertRefused(expensiveAnswer, /more work than the local service allows one request/);
    assert.equal(otherAnswer.status, 200);
    assert.equal((otherAnswer.json as unknown[]).length, 10);
    assert.deepEqual(order.sort(), ['expensive', 'other']);
  });

  it('answers another account while a long accepted scan runs, and the scan still answers in full', async () => {
    // About 900 steps per document over 1,500 documents: accepted, and long enough to span many slices.
    const long = find({ $expr: { $gte: [{ $size: { $range: [0, { $add: [800, { $mod: ['$n', 100] }] }] } }, 850] } }, '&limit=0');
    const order: string[] = [];
    const longDone = long.then((answer) => (order.push('long scan'), answer));
    const otherDone = find({ n: { $lt: 10 } }, '', OTHER).then((answer) => (order.push('other account'), answer));
    const [longAnswer, otherAnswer] = await Promise.all([longDone, otherDone]);
    assert.equal(longAnswer.status, 200, longAnswer.text.slice(0, 300));
    assert.equal(longAnswer.headers.get('X-Service-Count'), String(COUNT / 2));
    assert.equal(otherAnswer.status, 200);
    assert.deepEqual(order, ['other account', 'long scan'], 'the other account was answered while the scan ran, not after it');
  });

  it('refuses queries, projections and updates that are too large or too deep, and scripts', async () => {
    let deep: unknown = { $eq: 1 };
    for (let i = 0; i < 150; i++) deep = { $and: [{ n: deep }] };
    assertRefused(await find(deep), /nested deeper than 100 levels/);
    assertRefused(await find({ _id: { $in: Array.from({ length: 100_001 }, (_, i) => i) } }), /more than 100,000 values/);
    const projection = Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`f${i}`, 1]));
    assertRefused(
      await find({}, `&fields=${encodeURIComponent(JSON.stringify(projection))}`),
      /A projection can name at most 1,000 fields/,
    );
    assertRefused(await find({ $where: 'sleep(10000)' }), /\$where runs JavaScript/);
    assertRefused(
      await find({ $expr: { $function: { body: 'function() { return true }', args: [], lang: 'js' } } }),
      /\$function runs JavaScript/,
    );
    const update = { $set: Object.fromEntries(Array.from({ length: 100_001 }, (_, i) => [`f${i}`, 1])) };
    assertRefused(await running.raw('PUT', `${DOCS}/1`, { body: jsonBody({ document: update }) }), /update holds more than 100,000 values/);
  });

  it('still answers ordinary queries, sorts and projections over every document', async () => {
    const answer = await find(
      { n: { $gte: 100 }, t: { $regex: '^a+$' } },
      `&sort=${encodeURIComponent('{"n":-1,"t":1}')}&limit=5&fields=${encodeURIComponent('{"n":1}')}`,
    );
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(
      answer.json,
      [1499, 1498, 1497, 1496, 1495].map((n) => ({ _id: n, n })),
    );
    assert.equal(answer.headers.get('X-Service-Count'), String(COUNT - 100));
  });

  // About 900 steps per document over 1,500 documents: accepted, and long enough to span many slices.
  const LONG_CRITERIA = { $expr: { $gte: [{ $size: { $range: [0, { $add: [800, { $mod: ['$n', 100] }] }] } }, 850] } };
  const bulkUpdate = (key: string, criteria: unknown, object: unknown) =>
    running.raw('PUT', DOCS, { key, body: jsonBody({ criteria, object, multi: true, safe: true }) });
  /** Resolves once the service lists the bulk update among the account's running operations: its scan has begun. */
  const scanStarted = async (key: string, update: Promise<unknown>) => {
    let ended = false;
    update.then(
      () => (ended = true),
      () => (ended = true),
    );
    while (!ended) {
      const ops = await running.raw('GET', '/databases/db/ops', { key });
      if ((ops.json as { inprog: { op: string }[] }).inprog.some((op) => op.op === 'update')) return;
    }
    throw new Error('The bulk update ended before its scan was seen running: the test could not overlap it');
  };
  const count = async (key: string, q: unknown) => Number((await find(q, '&limit=1', key)).headers.get('X-Service-Count'));

  it('answers another account while a bulk update scans for its criteria, and the update still applies to every match', async () => {
    const order: string[] = [];
    const updateDone = bulkUpdate(OTHER, LONG_CRITERIA, { $set: { bulk: 'done' } }).then((answer) => (order.push('bulk update'), answer));
    const otherDone = find({ n: { $lt: 10 } }).then((answer) => (order.push('other account'), answer));
    const [updateAnswer, otherAnswer] = await Promise.all([updateDone, otherDone]);
    assert.equal(updateAnswer.status, 200, updateAnswer.text.slice(0, 300));
    assert.equal(otherAnswer.status, 200);
    assert.deepEqual(order, ['other account', 'bulk update'], 'the other account was answered while the update scanned, not after it');
    assert.equal(await count(OTHER, { bulk: 'done' }), COUNT / 2);
    assert.equal(await count(KEY, { bulk: 'done' }), 0);
  });

  it('upserts once: a match inserted while the upsert scans is updated, not doubled', async () => {
    // The expensive condition first, so that the scan examines every document at length (it spans many slices).
    const criteria = { $and: [LONG_CRITERIA, { kind: 'upserted' }] };
    const upsertDone = running.raw('PUT', DOCS, {
      key: OTHER,
      body: jsonBody({ criteria, object: { $set: { seen: true } }, upsert: true, safe: true }),
    });
    await scanStarted(OTHER, upsertDone);
    const insert = await running.raw('POST', DOCS, {
      key: OTHER,
      body: jsonBody({ document: { _id: 'inserted', kind: 'upserted', n: 99 }, safe: true }),
    });
    assert.equal(insert.status, 200, insert.text);
    const upsert = await upsertDone;
    assert.equal(upsert.status, 200, upsert.text);
    const stored = await find({ kind: 'upserted' }, '', OTHER);
    assert.deepEqual(stored.json, [{ _id: 'inserted', kind: 'upserted', n: 99, seen: true }]);
  });

  it('keeps a write answered while a bulk update scans: the update applies to what is stored now, not to what it scanned', async () => {
    const order: string[] = [];
    // The scan has passed the first documents when the writes arrive: 0 and 1 match until written, 2 is deleted.
    const criteria = { $or: [{ n: { $lte: 2 } }, LONG_CRITERIA] };
    const updateDone = bulkUpdate(KEY, criteria, { $inc: { bumps: 1 } }).then((answer) => (order.push('bulk update'), answer));
    await scanStarted(KEY, updateDone);
    const writes = Promise.all([
      running.raw('PUT', `${DOCS}/0`, { key: KEY, body: jsonBody({ document: { $set: { touched: true } } }) }),
      running.raw('PUT', `${DOCS}/1`, { key: KEY, body: jsonBody({ document: { $set: { n: 500 } } }) }),
      running.raw('DELETE', `${DOCS}/2`, { key: KEY }),
    ]).then((answers) => (order.push('writes'), answers));
    const [updateAnswer, writeAnswers] = await Promise.all([updateDone, writes]);
    assert.equal(updateAnswer.status, 200, updateAnswer.text.slice(0, 300));
    for (const answer of writeAnswers) assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(order, ['writes', 'bulk update'], 'the writes were answered while the update scanned');
    const stored = async (id: number) => await running.raw('GET', `${DOCS}/${id}`, { key: KEY });
    assert.deepEqual((await stored(0)).json, { _id: 0, n: 0, t: 'a'.repeat(30), list: [0, 1], touched: true, bumps: 1 });
    assert.deepEqual((await stored(1)).json, { _id: 1, n: 500, t: 'a'.repeat(30), list: [1, 2] });
    assert.equal((await stored(2)).status, 404, 'a document deleted during the scan is not written back');
    assert.equal(await count(KEY, { bumps: 1 }), COUNT / 2 + 1);
  });
});
