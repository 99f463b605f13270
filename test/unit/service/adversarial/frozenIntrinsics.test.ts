import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { update } from 'mingo';
import type { InProcessService } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { getJson, KEY_A, prototypeMembers, seed } from './adversarialHarness';

/** Runs `body` as strict-mode code, so that a refused assignment throws instead of being ignored. */
function strictly(body: string): () => void {
  return new Function(`"use strict"; ${body}`) as () => void;
}

describe('adversarial: the service process cannot change its built-in prototypes', function () {
  this.timeout(30_000);
  let running: InProcessService;
  let pristine: string;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY_A], empty: true });
    pristine = prototypeMembers();
  });
  after(async () => running?.stop());

  it('freezes the built-in prototypes once the service has started', () => {
    for (const proto of [
      Object.prototype,
      Array.prototype,
      Function.prototype,
      String.prototype,
      Number.prototype,
      Boolean.prototype,
      Date.prototype,
      RegExp.prototype,
      Map.prototype,
      Set.prototype,
      Promise.prototype,
      Error.prototype,
    ]) {
      assert.ok(Object.isFrozen(proto), `${String(proto.constructor?.name)}.prototype is not frozen`);
    }
    assert.ok(Object.isFrozen(Object.getPrototypeOf([][Symbol.iterator]())), 'the array iterator prototype is not frozen');
    assert.ok(Object.isFrozen(Array.prototype.push), 'a built-in method is not frozen');
  });

  it('refuses direct writes, definitions and deletions on them', () => {
    const attempts = [
      'Object.prototype.polluted = 1',
      'Array.prototype[1] = "INJECTED"',
      'Array.prototype.push = function () {}',
      'Function.prototype.call = null',
      'String.prototype.trim = null',
      'Object.prototype.toString = null',
      'Error.prototype.name = "changed"',
      'delete Array.prototype.map',
      'Object.defineProperty(Object.prototype, "polluted", { value: 1 })',
      'Object.setPrototypeOf(Array.prototype, null)',
      'Array.prototype.push.polluted = 1',
      'Array.from = null',
    ];
    for (const attempt of attempts) assert.throws(strictly(attempt), TypeError, attempt);
    assert.equal(prototypeMembers(), pristine);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(([] as unknown[])[1], undefined);
  });

  it('leaves the query engine unable to pollute even when a path gets past the first wall', () => {
    const doc = { arr: [] as unknown[], obj: {} };
    update(doc, { $set: { 'arr.constructor.prototype.1': 'INJECTED' } } as Parameters<typeof update>[1]);
    update(doc, { $max: { 'obj.constructor.prototype.polluted': 'INJECTED' } } as Parameters<typeof update>[1]);
    assert.equal(([] as unknown[])[1], undefined);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(prototypeMembers(), pristine);
  });

  it('still lets ordinary code give its own objects the names the prototypes hold', () => {
    class NamedError extends Error {
      constructor(message: string) {
        super(message);
        this.name = 'NamedError';
      }
    }
    assert.equal(String(new NamedError('boom')), 'NamedError: boom');
    const object = {} as Record<string, unknown>;
    object.toString = () => 'own';
    // Plain assignment, as the service's own code does it for a stored field of that name.
    for (const [name, value] of Object.entries({ hasOwnProperty: 1, constructor: 'data' })) object[name] = value;
    assert.equal(String(object), 'own');
    assert.equal(object.constructor, 'data');
    assert.equal(Object.prototype.hasOwnProperty.call(object, 'hasOwnProperty'), true);
    assert.equal(prototypeMembers(), pristine);
  });

  it('answers through the HTTP API as before: documents with prototype-named fields, errors, dates', async () => {
    await seed(running, KEY_A, 'frozen', 'items', [{ _id: 1, toString: 'x', at: { $date: '2024-01-02T03:04:05.000Z' }, arr: [] }]);
    const update = await running.raw('PUT', '/databases/frozen/collections/items/documents/1', {
      body: jsonBody({ document: { $set: { 'arr.3': 1, valueOf: 2 } }, safe: true }),
    });
    assert.equal(update.status, 200, update.text);
    assert.deepEqual(await getJson(running, '/databases/frozen/collections/items/documents/1', KEY_A), {
      _id: 1,
      toString: 'x',
      at: { $date: '2024-01-02T03:04:05.000Z' },
      arr: [null, null, null, 1],
      valueOf: 2,
    });
    assert.equal((await running.raw('GET', '/databases/frozen/collections/items/documents/2')).status, 404);
    assert.equal(prototypeMembers(), pristine);
  });

  it('freezes them in a fresh process that starts the service', () => {
    // The bundled entry point calls startService, which freezes before it opens any account.
    const script = `
      const { startService } = require('./src/service/server');
      const { mkdtempSync } = require('node:fs'); const { join } = require('node:path'); const { tmpdir } = require('node:os');
      startService({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'dbhost-frozen-')), apiKeys: ['k'], empty: true }).then(async (service) => {
        let refused = false;
        try { (function () { 'use strict'; Array.prototype[0] = 'INJECTED'; })(); } catch { refused = true; }
        console.log(JSON.stringify({ frozen: Object.isFrozen(Object.prototype) && Object.isFrozen(Array.prototype), refused, element: [][0] === undefined }));
        await service.close();
      });`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: `${__dirname}/../../../..`,
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}'), { frozen: true, refused: true, element: true });
  });
});
