import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { stringifyLossless, parseLossless } from '../../../../src/core/json/lossless';
import { stringifyStored } from '../../../../src/service/bson/extendedJson';
import { ObjectId } from '../../../../src/service/bson/objectId';
import { stringifyMutations } from '../../../../src/service/store/mutations';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess, temporaryDirectory } from '../../../support/testService';
import { assertRefused, getJson, KEY_A, KEY_B, seed } from './adversarialHarness';

const DOCS = '/databases/holes/collections/items/documents';

/** Sparse arrays, built without a literal hole (which lint forbids). */
function sparse(length: number, entries: Record<number, unknown>): unknown[] {
  const array: unknown[] = [];
  array.length = length;
  for (const [index, value] of Object.entries(entries)) array[Number(index)] = value;
  return array;
}

describe('adversarial: arrays never hold holes, and every stored line reads back', function () {
  this.timeout(120_000);
  const dataDir = temporaryDirectory('adversarial-holes');
  const logs: string[] = [];
  let running: InProcessService;

  const start = async () => {
    running = await startServiceInProcess({
      apiKeys: [KEY_A, KEY_B],
      dataDir,
      keepData: true,
      empty: true,
      log: (line) => logs.push(line),
    });
  };
  const put = (id: string, update: unknown) => running.raw('PUT', `${DOCS}/${id}`, { body: jsonBody({ document: update, safe: true }) });
  const all = async (key = KEY_A) => getJson(running, `${DOCS}?limit=100`, key);

  before(async () => {
    await start();
    await seed(running, KEY_A, 'holes', 'items', [
      { _id: 'empty', list: [] },
      { _id: 'nested', list: [{ tags: [] }] },
      { _id: 'positional', grid: [[], [1]] },
    ]);
    // The case: an integer beyond 2^53 makes the service write the document with its lossless serialiser.
    const big = '{"document": {"_id": "bi", "n": 9223372036854775807, "list": []}, "safe": true}';
    assert.equal((await running.raw('POST', DOCS, { body: big })).status, 200);
    await seed(running, KEY_B, 'holes', 'items', [{ _id: 'b', list: [1] }]);
  });
  after(async () => {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pads with null, as the database does, for every operator and path form that pads', async () => {
    const updates: [string, unknown, unknown][] = [
      ['empty', { $set: { 'list.2': 'v' } }, [null, null, 'v']],
      ['empty', { $inc: { 'list.4': 1 } }, [null, null, 'v', null, 1]],
      ['empty', { $max: { 'list.6': 7 } }, [null, null, 'v', null, 1, null, 7]],
      ['empty', { $min: { 'list.8': 0 } }, [null, null, 'v', null, 1, null, 7, null, 0]],
      ['empty', { $mul: { 'list.10': 3 } }, [null, null, 'v', null, 1, null, 7, null, 0, null, 0]],
      ['nested', { $set: { 'list.0.tags.3': 't', 'list.2.x': 1 } }, [{ tags: [null, null, null, 't'] }, null, { x: 1 }]],
      [
        'positional',
        { $set: { 'grid.$[].2': 0 } },
        [
          [null, null, 0],
          [1, null, 0],
        ],
      ],
      ['bi', { $set: { 'list.2': 'v', stock: 1 } }, [null, null, 'v']],
    ];
    for (const [id, update, expected] of updates) {
      const answer = await put(id, update);
      assert.equal(answer.status, 200, `${JSON.stringify(update)}: ${answer.text}`);
      const doc = (await getJson(running, `${DOCS}/${id}`, KEY_A)) as Record<string, unknown>;
      assert.deepEqual(doc.list ?? doc.grid, expected, JSON.stringify(update));
    }
    const currentDate = await put('positional', { $currentDate: { 'grid.1.3': true } });
    assert.equal(currentDate.status, 200, currentDate.text);
    const grid = ((await getJson(running, `${DOCS}/positional`, KEY_A)) as { grid: unknown[][] }).grid;
    assert.equal(grid[1][2], 0);
    assert.equal(grid[1].length, 4);
  });

  it('answers valid JSON for padded documents, including the lossless writer for big integers', async () => {
    const answer = await running.raw('GET', `${DOCS}/bi`);
    assert.ok(!/,,|\[,/.test(answer.text), `a hole in ${answer.text}`);
    const parsed = parseLossless(answer.text) as Record<string, unknown>;
    assert.match(answer.text, /"n":9223372036854775807[,}]/);
    assert.deepEqual(parsed.list, [null, null, 'v']);
  });

  it('still queries, sorts and bulk-updates the collection after padding', async () => {
    const found = await getJson(running, `${DOCS}?q=${encodeURIComponent('{"list": null}')}`, KEY_A);
    assert.ok(Array.isArray(found) && found.length >= 2, JSON.stringify(found));
    const sorted = await getJson(running, `${DOCS}?sort=${encodeURIComponent('{"list": -1}')}`, KEY_A);
    assert.equal((sorted as unknown[]).length, 4);
    const bulk = await running.raw('PUT', DOCS, {
      body: jsonBody({ criteria: { list: { $size: 3 } }, object: { $push: { list: 'more' } }, multi: true, safe: true }),
    });
    assert.equal(bulk.status, 200, bulk.text);
    assert.deepEqual(((await getJson(running, `${DOCS}/bi`, KEY_A)) as { list: unknown[] }).list, [null, null, 'v', 'more']);
  });

  it('refuses, with 400 and no change, an update whose result JSON cannot hold (NaN, infinities)', async () => {
    assert.equal((await put('empty', { $set: { huge: 1e308 } })).status, 200);
    const before = await getJson(running, `${DOCS}/empty`, KEY_A);
    for (const update of [{ $mul: { huge: 10 } }, { $inc: { huge: 1e308 } }, { $mul: { 'list.4': 1e308, huge: 1e308 } }]) {
      assertRefused(await put('empty', update), /cannot be stored.*Infinity/, JSON.stringify(update));
    }
    const multi = await running.raw('PUT', DOCS, {
      body: jsonBody({ criteria: { _id: 'empty' }, object: { $inc: { huge: 1e308 } }, multi: true }),
    });
    assertRefused(multi, /Infinity/, 'multi update to Infinity');
    assert.deepEqual(await getJson(running, `${DOCS}/empty`, KEY_A), before);
  });

  it('refuses indexes far past the end of an array with 4xx instead of allocating, for every padding operator', async () => {
    for (const operator of ['$set', '$inc', '$max', '$min', '$mul', '$currentDate']) {
      for (const path of ['list.100000000', 'list.0.tags.4294967294']) {
        const value = operator === '$currentDate' ? true : 1;
        const id = path.startsWith('list.0') ? 'nested' : 'empty';
        assertRefused(await put(id, { [operator]: { [path]: value } }), /pad an array/, `${operator} ${path}`);
      }
    }
  });

  it('increments every element of a 200,000-element array with $[] instead of failing', async () => {
    const values = Array.from({ length: 200_000 }, (_, index) => index);
    assert.equal((await running.raw('POST', DOCS, { body: jsonBody({ document: { _id: 'long', a: values }, safe: true }) })).status, 200);
    const answer = await put('long', { $inc: { 'a.$[]': 1 } });
    assert.equal(answer.status, 200, answer.text);
    const doc = (await getJson(running, `${DOCS}/long`, KEY_A)) as { a: number[] };
    assert.equal(doc.a.length, 200_000);
    assert.equal(doc.a[0], 1);
    assert.equal(doc.a[199_999], 200_000);
    assert.equal((await running.raw('DELETE', `${DOCS}/long`)).status, 200);
  });

  it('pushes a $each list as long as an update may be, at a position, with $slice, and refuses a longer one naming the limit', async () => {
    // mingo spread a $each list into one call, which failed from about 120,000 elements; the service applies it in
    // chunks, and an update holds at most 100,000 values anyway (the per-request budget).
    const each = Array.from({ length: 99_000 }, (_, index) => index);
    assert.equal(
      (await running.raw('POST', DOCS, { body: jsonBody({ document: { _id: 'pushed', a: ['first', 'last'] }, safe: true }) })).status,
      200,
    );
    const answer = await put('pushed', { $push: { a: { $each: each, $position: 1 } } });
    assert.equal(answer.status, 200, answer.text);
    let doc = (await getJson(running, `${DOCS}/pushed`, KEY_A)) as { a: unknown[] };
    assert.equal(doc.a.length, 99_002);
    assert.deepEqual([doc.a[0], doc.a[1], doc.a[75_000], doc.a[99_000], doc.a[99_001]], ['first', 0, 74_999, 98_999, 'last']);
    const sliced = await put('pushed', { $push: { a: { $each: each, $slice: -3 } } });
    assert.equal(sliced.status, 200, sliced.text);
    doc = (await getJson(running, `${DOCS}/pushed`, KEY_A)) as { a: unknown[] };
    assert.deepEqual(doc.a, [98_997, 98_998, 98_999]);
    const tooLong = await put('pushed', { $push: { a: { $each: Array.from({ length: 150_000 }, (_, index) => index) } } });
    assert.equal(tooLong.status, 400, tooLong.text);
    assert.match(tooLong.text, /100,000 values/);
    assert.equal((await running.raw('DELETE', `${DOCS}/pushed`)).status, 200);
  });

  it('reads every acknowledged write back identically after a restart (journal replay), and again from the compacted snapshot', async () => {
    const before = { a: await all(KEY_A), b: await all(KEY_B), bi: (await running.raw('GET', `${DOCS}/bi`)).text };
    for (let restart = 1; restart <= 2; restart++) {
      await running.stop();
      await start();
      assert.deepEqual(await all(KEY_A), before.a, `account A after restart ${restart}`);
      assert.deepEqual(await all(KEY_B), before.b, `account B after restart ${restart}`);
      assert.equal((await running.raw('GET', `${DOCS}/bi`)).text, before.bi, `the big-integer document after restart ${restart}`);
    }
    assert.deepEqual(
      logs.filter((line) => /skipped|unreadable/.test(line)),
      [],
      'a data file held a line that could not be read back',
    );
  });
});

describe('the serialisers write only what reads back', () => {
  it('stringifyLossless writes an array hole as null, as JSON.stringify does, never as an empty slot', () => {
    const holes = sparse(3, { 2: 'v' });
    assert.equal(stringifyLossless(holes), '[null,null,"v"]');
    assert.equal(stringifyLossless({ n: 12345678901234567890n, list: holes }), '{"n":12345678901234567890,"list":[null,null,"v"]}');
    assert.equal(stringifyLossless(holes, 2), JSON.stringify(holes, null, 2));
    assert.deepEqual(parseLossless(stringifyLossless({ list: holes })), { list: [null, null, 'v'] });
  });

  it('refuses, rather than writes, what a data file cannot hold faithfully', () => {
    const refused: [string, unknown][] = [
      ['a hole', { list: sparse(2, { 1: 1 }) }],
      ['a hole beside a big integer', { n: 12345678901234567890n, list: sparse(3, { 2: 'v' }) }],
      ['undefined in an array', { list: [undefined] }],
      ['an undefined member', { a: undefined }],
      ['NaN', { a: Number.NaN }],
      ['Infinity', { a: [Number.POSITIVE_INFINITY] }],
      ['-Infinity', { a: { b: Number.NEGATIVE_INFINITY } }],
      ['a function', { a: () => 1 }],
      ['a symbol', { a: Symbol('s') }],
      ['an invalid date', { a: new Date(Number.NaN) }],
      ['a regular expression', { a: /x/ }],
      ['a map', { a: new Map() }],
    ];
    for (const [what, value] of refused) {
      assert.throws(() => stringifyStored(value, 'The value'), /cannot be written faithfully/, what);
      assert.throws(
        () => stringifyMutations([{ op: 'put', db: 'd', col: 'c', doc: { _id: 1, value } as never }], { at: 1 }),
        /cannot be written faithfully/,
        `${what} in a journal line`,
      );
    }
  });

  it('writes what it accepts so that it reads back equal', () => {
    const doc = {
      _id: new ObjectId('0123456789abcdef01234567'),
      n: 9223372036854775807n,
      d: new Date(0),
      list: [null, 1.5, 'x', { y: [true] }],
      neg: -0.25,
    };
    const line = stringifyMutations([{ op: 'put', db: 'd', col: 'c', doc }], { at: 1 });
    const parsed = parseLossless(line) as { m: { doc: Record<string, unknown> }[] };
    assert.deepEqual(JSON.parse(JSON.stringify(parsed.m[0].doc.list)), [null, 1.5, 'x', { y: [true] }]);
    assert.match(line, /"n":9223372036854775807,/);
    assert.deepEqual(parsed.m[0].doc._id, { $oid: '0123456789abcdef01234567' });
  });
});
