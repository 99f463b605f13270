import assert from 'node:assert/strict';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { assertRefused, getJson, KEY_A, KEY_B, prototypeMembers, seed } from './adversarialHarness';

const DOCS = '/databases/adv/collections/items/documents';
const RESERVED = /"__proto__", "constructor" and "prototype"|__proto__/;

/** Paths that walk from a stored value to a prototype, in every form an update path can take. */
const POLLUTING_PATHS = [
  'arr.constructor.prototype.1',
  'arr.constructor.prototype.polluted',
  'obj.constructor.prototype.polluted',
  'constructor.prototype.polluted',
  's.constructor.prototype.polluted',
  'n.constructor.prototype.polluted',
  'arr.__proto__.1',
  'obj.__proto__.polluted',
  '__proto__.polluted',
  'arr.$[].constructor.prototype.polluted',
  'arr.$.constructor.prototype.1',
  'arr.$[x].constructor.prototype.1',
  'nested.0.constructor.prototype.1',
  'constructor',
  'prototype',
  'obj.prototype',
  'arr.1.prototype',
];

/** Each update operator with the argument it takes at `path`. */
const OPERATORS: [string, (path: string) => Record<string, unknown>][] = [
  ['$set', (path) => ({ $set: { [path]: 'INJECTED' } })],
  ['$unset', (path) => ({ $unset: { [path]: '' } })],
  ['$inc', (path) => ({ $inc: { [path]: 1 } })],
  ['$mul', (path) => ({ $mul: { [path]: 2 } })],
  ['$max', (path) => ({ $max: { [path]: 'INJECTED' } })],
  ['$min', (path) => ({ $min: { [path]: 'INJECTED' } })],
  ['$currentDate', (path) => ({ $currentDate: { [path]: true } })],
  ['$rename source', (path) => ({ $rename: { [path]: 'renamed' } })],
  ['$rename target', (path) => ({ $rename: { s: path } })],
  ['$push', (path) => ({ $push: { [path]: 'INJECTED' } })],
  ['$push $each', (path) => ({ $push: { [path]: { $each: ['INJECTED'], $position: 0 } } })],
  ['$addToSet', (path) => ({ $addToSet: { [path]: 'INJECTED' } })],
  ['$pull', (path) => ({ $pull: { [path]: 'x' } })],
  ['$pullAll', (path) => ({ $pullAll: { [path]: ['x'] } })],
  ['$pop', (path) => ({ $pop: { [path]: 1 } })],
  ['$bit', (path) => ({ $bit: { [path]: { or: 1 } } })],
  ['$setOnInsert', (path) => ({ $setOnInsert: { [path]: 'INJECTED' }, $set: { touched: 1 } })],
];

const STORED = { _id: 1, arr: [] as unknown[], obj: {}, s: 'x', n: 1, nested: [[]] };

describe('adversarial: no path reaches a prototype', function () {
  this.timeout(120_000);
  let running: InProcessService;
  let pristine: string;

  const storedDocument = () => getJson(running, `${DOCS}/1`, KEY_A);

  /** Account B pads its own array: the value another account put on Array.prototype would show in the gap. */
  async function assertBystanderUnaffected(): Promise<void> {
    const put = await running.raw('PUT', `${DOCS}/b1`, {
      key: KEY_B,
      body: jsonBody({ document: { $set: { list: [], 'other.2': 'mine' } }, safe: true }),
    });
    assert.equal(put.status, 200, put.text);
    const pad = await running.raw('PUT', `${DOCS}/b1`, {
      key: KEY_B,
      body: jsonBody({ document: { $set: { 'list.2': 'mine' } }, safe: true }),
    });
    assert.equal(pad.status, 200, pad.text);
    const doc = (await getJson(running, `${DOCS}/b1`, KEY_B)) as { list: unknown[] };
    assert.deepEqual(doc.list, [null, null, 'mine']);
    const plain = ({} as Record<string, unknown>).polluted;
    assert.equal(plain, undefined, 'Object.prototype gained "polluted"');
    assert.equal(([] as unknown[])[1], undefined, 'Array.prototype gained an element');
    assert.equal(prototypeMembers(), pristine, 'a built-in prototype changed');
  }

  before(async () => {
    pristine = prototypeMembers();
    running = await startServiceInProcess({ apiKeys: [KEY_A, KEY_B], empty: true });
    await seed(running, KEY_A, 'adv', 'items', [STORED]);
    await seed(running, KEY_B, 'adv', 'items', [{ _id: 'b1', list: [] }]);
  });
  after(async () => running?.stop());

  it('refuses every update operator on every path form that names a prototype, and changes nothing', async () => {
    let tried = 0;
    for (const [name, build] of OPERATORS) {
      for (const path of POLLUTING_PATHS) {
        const update = build(path);
        const single = await running.raw('PUT', `${DOCS}/1`, { body: jsonBody({ document: update, safe: true }) });
        assertRefused(single, RESERVED, `${name} ${path} on one document`);
        const multi = await running.raw('PUT', DOCS, { body: jsonBody({ criteria: {}, object: update, multi: true, safe: true }) });
        assertRefused(multi, RESERVED, `${name} ${path} as a multi update`);
        const upsert = await running.raw('PUT', DOCS, {
          body: jsonBody({ criteria: { _id: 'fresh', 'arr.0': 'x' }, object: update, upsert: true, safe: true }),
        });
        assertRefused(upsert, RESERVED, `${name} ${path} as an upsert`);
        tried += 3;
      }
    }
    assert.equal(tried, OPERATORS.length * POLLUTING_PATHS.length * 3);
    assert.deepEqual(await storedDocument(), STORED);
    assert.equal((await running.raw('GET', `${DOCS}/fresh`)).status, 404, 'an upsert stored a document');
    await assertBystanderUnaffected();
  });

  it('refuses the names however the JSON text or the query string spells them', async () => {
    const escapedTexts = [
      '{"document": {"$set": {"arr.\\u0063onstructor.prototype.1": "INJECTED"}}, "safe": true}',
      '{"document": {"$set": {"arr.constructor.\\u0070rototype.1": "INJECTED"}}, "safe": true}',
      '{"document": {"$max": {"arr.__pro\\u0074o__.1": "INJECTED"}}, "safe": true}',
      '{"document": {"$set": {"x": {"\\u0063onstructor": {"prototype": 1}}}}, "safe": true}',
    ];
    for (const body of escapedTexts) assertRefused(await running.raw('PUT', `${DOCS}/1`, { body }), RESERVED, body);
    for (const query of [
      'q=%7B%22%63onstructor.prototype.x%22%3A1%7D',
      'sort=%7B%22arr.%63onstructor%22%3A1%7D',
      'fields=%5B%22%70rototype%22%5D',
    ]) {
      assertRefused(await running.raw('GET', `${DOCS}?${query}`), RESERVED, query);
    }
    await assertBystanderUnaffected();
  });

  it('refuses the names in stored field names at any depth, on insert, replacement, $set values and $push values', async () => {
    const documents: Record<string, unknown>[] = [
      { _id: 'p1', constructor: { prototype: { polluted: 1 } } },
      { _id: 'p2', a: { b: [{ prototype: 1 }] } },
      { _id: 'p3', list: [[{ constructor: 'x' }]] },
    ];
    for (const document of documents) {
      assertRefused(
        await running.raw('POST', DOCS, { body: jsonBody({ document, safe: true }) }),
        RESERVED,
        `insert ${JSON.stringify(document)}`,
      );
      const replacement = Object.fromEntries(Object.entries(document).filter(([field]) => field !== '_id'));
      assertRefused(
        await running.raw('PUT', `${DOCS}/1`, { body: jsonBody({ document: replacement, safe: true }) }),
        RESERVED,
        `replace with ${JSON.stringify(replacement)}`,
      );
    }
    for (const update of [
      { $set: { x: { constructor: { prototype: 1 } } } },
      { $push: { arr: { prototype: 1 } } },
      { $addToSet: { arr: { constructor: 1 } } },
    ]) {
      assertRefused(
        await running.raw('PUT', `${DOCS}/1`, { body: jsonBody({ document: update, safe: true }) }),
        RESERVED,
        JSON.stringify(update),
      );
    }
    const upsert = { criteria: { _id: 'u1', constructor: { prototype: 1 } }, object: { $set: { a: 1 } }, upsert: true, safe: true };
    assertRefused(await running.raw('PUT', DOCS, { body: jsonBody(upsert) }), RESERVED, 'an upsert seeded from its criteria');
    assert.deepEqual(await storedDocument(), STORED);
    await assertBystanderUnaffected();
  });

  it('refuses the names in query, $expr, projection, sort, $pull conditions and index keys', async () => {
    const queries: [string, unknown][] = [
      ['q', { 'arr.constructor.prototype.length': 0 }],
      ['q', { $or: [{ 'obj.constructor': { $exists: true } }] }],
      ['q', { arr: { $elemMatch: { constructor: 1 } } }],
      ['q', { $expr: { $eq: ['$arr.constructor.name', 'Array'] } }],
      ['q', { $expr: { $eq: ['$$ROOT.__proto__', null] } }],
      ['fields', { 'arr.constructor': 1 }],
      ['fields', ['prototype']],
      ['fields', { x: '$obj.constructor' }],
      ['sort', { 'constructor.name': 1 }],
      ['sort', { 'arr.prototype': -1 }],
    ];
    for (const [parameter, value] of queries) {
      const answer = await running.raw('GET', `${DOCS}?${parameter}=${encodeURIComponent(JSON.stringify(value))}`);
      assertRefused(answer, RESERVED, `${parameter}=${JSON.stringify(value)}`);
    }
    const pull = await running.raw('PUT', `${DOCS}/1`, {
      body: jsonBody({ document: { $pull: { arr: { constructor: { $exists: true } } } } }),
    });
    assertRefused(pull, RESERVED, '$pull with a condition naming constructor');
    const bulk = await running.raw('PUT', DOCS, {
      body: jsonBody({ criteria: { 'constructor.prototype': { $exists: false } }, object: { $set: { a: 1 } }, multi: true }),
    });
    assertRefused(bulk, RESERVED, 'bulk update criteria');
    for (const spec of [{ 'constructor.prototype': 1 }, { prototype: 1 }, { 'a.__proto__': 1 }]) {
      const answer = await running.raw('POST', '/databases/adv/collections/items/indexes', { body: jsonBody({ spec }) });
      assertRefused(answer, /index|__proto__|constructor|prototype/, `index ${JSON.stringify(spec)}`);
    }
    await assertBystanderUnaffected();
  });

  it('keeps the other names of Object.prototype as plain data: stored, found, updated and read back', async () => {
    const document = { _id: 'plain', toString: 'a', valueOf: 2, hasOwnProperty: { isPrototypeOf: true }, __defineGetter__: [1] };
    assert.equal((await running.raw('POST', DOCS, { body: jsonBody({ document, safe: true }) })).status, 200);
    assert.deepEqual(await getJson(running, `${DOCS}/plain`, KEY_A), document);
    const found = await getJson(
      running,
      `${DOCS}?q=${encodeURIComponent(JSON.stringify({ toString: 'a', 'hasOwnProperty.isPrototypeOf': true }))}`,
      KEY_A,
    );
    assert.deepEqual(found, [document]);
    const update = await running.raw('PUT', `${DOCS}/plain`, {
      body: jsonBody({ document: { $inc: { valueOf: 1 }, $set: { 'hasOwnProperty.isPrototypeOf': false } }, safe: true }),
    });
    assert.equal(update.status, 200, update.text);
    assert.deepEqual(await getJson(running, `${DOCS}/plain`, KEY_A), { ...document, valueOf: 3, hasOwnProperty: { isPrototypeOf: false } });
    await assertBystanderUnaffected();
  });
});
