import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { parseLossless } from '../../../../src/core/json/lossless';
import { dumpAccount } from '../../../support/accountDump';
import { SeededRandom, seedFromEnvironment } from '../../../support/seededRandom';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess, temporaryDirectory } from '../../../support/testService';
import { KEY_A, KEY_B, prototypeMembers, sendRaw } from './adversarialHarness';

const REQUESTS = 700;
const DEFAULT_SEED = 11_2026;
const DOCS = '/databases/fz/collections/c/documents';

/** Documents both accounts start with: arrays, nested objects, a big integer, strings. */
const SEED_DOCUMENTS = [
  '{"_id": 1, "a": {"b": 1, "list": [1, 2]}, "arr": [], "n": 5, "s": "text"}',
  '{"_id": 2, "arr": [{"x": 1}, {"x": 2}], "nested": [[1], []], "big": 9223372036854775807}',
  '{"_id": "three", "list": [], "obj": {}, "f": 1.5, "flag": true}',
  '{"_id": 4, "grid": [[0, 1], [2]], "tags": ["a", "b", "a"]}',
];

/** Where a path starts: fields the seed documents hold (arrays, nested arrays, objects, numbers), and new ones. */
const ROOTS = ['a', 'a.list', 'arr', 'list', 'n', 's', 'obj', 'grid', 'grid.0', 'tags', 'nested', 'nested.1', 'big', 'f', 'new', 'x'];

/** Further segments: indexes near and far, positional forms, prototype-named fields, odd text. */
const SEGMENTS = [
  '0',
  '1',
  '2',
  '3',
  '5',
  '20',
  '-1',
  '01',
  '1500003',
  '100000000',
  '4294967295',
  '$',
  '$[]',
  '$[]',
  '$[x]',
  '$x',
  'x',
  'b',
  'new',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'length',
  '',
  ' ',
  '%2e',
  '\u0000',
  'é',
  '😀',
];

/** What a hostile client splices into a path to climb to a prototype. */
const CLIMBS = [
  'constructor.prototype',
  'constructor',
  'prototype',
  '__proto__',
  'constructor.prototype.constructor',
  '__proto__.__proto__',
];

const OPERATORS = [
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$currentDate',
  '$rename',
  '$push',
  '$addToSet',
  '$pull',
  '$pullAll',
  '$pop',
  '$bit',
  '$setOnInsert',
];

/** Values as JSON text, so that big integers and exact decimals go out as written. */
const VALUES = [
  '1',
  '-1',
  '0',
  '-0',
  '2.5',
  '1e308',
  '-1e308',
  '9223372036854775807',
  '-9223372036854775808',
  '9007199254740993',
  '1e-320',
  '"v"',
  '""',
  'null',
  'true',
  '[]',
  '[1, [2]]',
  '{}',
  '{"x": 1}',
  '{"$date": 0}',
  '{"$oid": "0123456789abcdef01234567"}',
  '{"constructor": {"prototype": 1}}',
  '{"toString": 1}',
  '{"$each": [1, 2], "$position": 0}',
  '{"$each": [3], "$slice": -2, "$sort": 1}',
  '{"and": 1}',
  '{"or": 3}',
  '{"$type": "date"}',
  '"$arr"',
];

function path(random: SeededRandom): string {
  const parts = [random.pick(ROOTS)];
  for (let i = random.int(0, 2); i > 0; i--) parts.push(random.pick(SEGMENTS));
  if (random.chance(0.15)) parts.splice(random.int(0, parts.length), 0, random.pick(CLIMBS));
  return parts.join('.');
}

function argument(random: SeededRandom, operator: string): string {
  if (operator === '$rename') return JSON.stringify(path(random));
  if (operator === '$pop') return random.pick(['1', '-1', '0', '"x"']);
  if (operator === '$pullAll') return random.pick(['[1]', '["a"]', '[]', '1']);
  if (operator === '$currentDate') return random.pick(['true', '{"$type": "date"}', '{"$type": "timestamp"}', '1']);
  return random.pick(VALUES);
}

function updateText(random: SeededRandom): string {
  const members: string[] = [];
  const operators = random.int(1, 3);
  for (let i = 0; i < operators; i++) {
    const operator = random.pick(OPERATORS);
    const fields: string[] = [];
    for (let j = random.int(1, 3); j > 0; j--) fields.push(`${JSON.stringify(path(random))}: ${argument(random, operator)}`);
    members.push(`${JSON.stringify(operator)}: {${fields.join(', ')}}`);
  }
  return `{${members.join(', ')}}`;
}

interface FuzzRequest {
  method: string;
  path: string;
  body?: string;
}

function fuzzRequest(random: SeededRandom): FuzzRequest {
  const kind = random.weighted([
    [5, 'one'],
    [3, 'bulk'],
    [2, 'query'],
  ] as const);
  const safe = random.chance(0.5);
  if (kind === 'one') {
    const id = random.pick(['1', '2', 'three', '4']);
    return { method: 'PUT', path: `${DOCS}/${id}`, body: `{"document": ${updateText(random)}, "safe": ${safe}}` };
  }
  if (kind === 'bulk') {
    const criteria = random.pick([
      '{}',
      '{"_id": 1}',
      '{"_id": "fresh"}',
      `{${JSON.stringify(path(random))}: ${random.pick(VALUES)}}`,
      '{"arr.x": 1}',
      '{"_id": {"$in": [2, 4]}}',
    ]);
    return {
      method: 'PUT',
      path: DOCS,
      body: `{"criteria": ${criteria}, "object": ${updateText(random)}, "multi": ${random.chance(0.5)}, "upsert": ${random.chance(0.3)}, "safe": ${safe}}`,
    };
  }
  const parameter = random.pick(['q', 'sort', 'fields']);
  const value =
    parameter === 'sort'
      ? `{${JSON.stringify(path(random))}: ${random.pick(['1', '-1'])}}`
      : `{${JSON.stringify(path(random))}: ${random.pick(VALUES)}}`;
  return { method: 'GET', path: `${DOCS}?${parameter}=${encodeURIComponent(value)}` };
}

describe('adversarial: fuzzed update paths and operators', function () {
  this.timeout(300_000);
  const seed = seedFromEnvironment('DBHOST_ADVERSARIAL_SEED', DEFAULT_SEED);
  const dataDir = temporaryDirectory('adversarial-fuzz');
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

  before(async () => {
    await start();
    for (const key of [KEY_A, KEY_B]) {
      assert.equal((await sendRaw(running, 'POST', '/databases', '{"name": "fz", "slug": "sandbox"}', key)).status, 200);
      for (const document of SEED_DOCUMENTS) {
        const answer = await sendRaw(running, 'POST', DOCS, `{"document": ${document}, "safe": true}`, key);
        assert.equal(answer.status, 200, answer.text);
      }
    }
  });
  after(async () => {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`never answers 5xx, never reaches the other account or a prototype, and every answer is JSON (seed ${seed}, ${REQUESTS} requests)`, async () => {
    const random = new SeededRandom(seed);
    const pristine = prototypeMembers();
    const bystander = await dumpAccount(running.client(KEY_B));
    const failures: string[] = [];
    let accepted = 0;
    for (let index = 0; index < REQUESTS && failures.length < 5; index++) {
      const request = fuzzRequest(random);
      const answer = await sendRaw(running, request.method, request.path, request.body, KEY_A);
      const where = `#${index} ${request.method} ${decodeURIComponent(request.path)} ${request.body ?? ''}`;
      if (answer.status >= 500) failures.push(`${where}\n  answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      try {
        parseLossless(answer.text);
      } catch {
        failures.push(`${where}\n  answered text that is not JSON: ${answer.text.slice(0, 300)}`);
      }
      if (answer.status === 200 && request.method === 'PUT') accepted++;
    }
    assert.deepEqual(failures, [], `Reproduce with DBHOST_ADVERSARIAL_SEED=${seed}:\n${failures.join('\n')}`);
    assert.ok(accepted > REQUESTS / 10, `only ${accepted} updates were accepted: the fuzz exercises too little`);
    assert.equal(prototypeMembers(), pristine, 'a built-in prototype changed');
    assert.equal(await dumpAccount(running.client(KEY_B)), bystander, "the other account's data changed");
    // A value put on Array.prototype would show in the gap when the other account pads its own array.
    const pad = await sendRaw(running, 'PUT', `${DOCS}/three`, '{"document": {"$set": {"list.3": "mine"}}, "safe": true}', KEY_B);
    assert.equal(pad.status, 200, pad.text);
    const padded = parseLossless((await sendRaw(running, 'GET', `${DOCS}/three`, undefined, KEY_B)).text) as { list: unknown[] };
    assert.deepEqual(padded.list, [null, null, null, 'mine']);
    // Every page of the fuzzed account still reads, queries and sorts.
    for (const query of ['', '?sort=%7B%22arr%22%3A1%7D', '?q=%7B%22arr%22%3Anull%7D']) {
      const answer = await sendRaw(running, 'GET', `${DOCS}${query}`, undefined, KEY_A);
      assert.equal(answer.status, 200, `${query}: ${answer.text.slice(0, 300)}`);
    }
  });

  it('reads every acknowledged write back identically after a restart, and after the snapshot it compacts to', async () => {
    const before = { a: await dumpAccount(running.client(KEY_A)), b: await dumpAccount(running.client(KEY_B)) };
    for (let restart = 1; restart <= 2; restart++) {
      await running.stop();
      await start();
      assert.equal(await dumpAccount(running.client(KEY_A)), before.a, `the fuzzed account after restart ${restart}`);
      assert.equal(await dumpAccount(running.client(KEY_B)), before.b, `the other account after restart ${restart}`);
    }
    assert.deepEqual(
      logs.filter((line) => /skipped|unreadable|ignored/.test(line)),
      [],
      'a data file held a line that could not be read back',
    );
  });
});
