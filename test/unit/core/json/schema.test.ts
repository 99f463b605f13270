import * as assert from 'node:assert/strict';
import type { Infer } from '../../../../src/core/json/schema';
import { boolean, count, list, object, oneOf, optional, pair, text, variants } from '../../../../src/core/json/schema';

const message = variants({
  ping: {},
  move: { to: pair(count, count), label: optional(text(5)), fast: boolean },
  tag: { names: list(text(10, 1), { min: 1, max: 3 }), colour: oneOf(['red', 'blue'] as const) },
});

describe('message schemas', () => {
  it('gives the TypeScript type of what it checks', () => {
    // Compile-time: these must type-check, and the commented ones must not.
    const move: Infer<typeof message> = { type: 'move', to: [1, 2], fast: true };
    const tag: Infer<typeof message> = { type: 'tag', names: ['a'], colour: 'red' };
    // @ts-expect-error a colour the schema does not list
    const wrong: Infer<typeof message> = { type: 'tag', names: ['a'], colour: 'green' };
    assert.deepEqual(message.check(move), move);
    assert.deepEqual(message.check(tag), tag);
    assert.equal(message.check(wrong), undefined);
  });

  it('accepts exactly the declared shapes and returns a fresh copy', () => {
    const raw = { type: 'move', to: [3, 4], label: 'x', fast: false };
    const checked = message.check(raw);
    assert.deepEqual(checked, raw);
    assert.notEqual(checked, raw);
    assert.deepEqual(message.check({ type: 'ping' }), { type: 'ping' });
    assert.deepEqual(message.check({ type: 'move', to: [0, 0], fast: true, label: undefined }), { type: 'move', to: [0, 0], fast: true });
  });

  it('refuses extra keys, missing keys, wrong types, limits and unknown types', () => {
    const refused: unknown[] = [
      null,
      [],
      'ping',
      { type: 'ping', extra: 1 },
      { type: 'pong' },
      { type: 'move', to: [1], fast: true },
      { type: 'move', to: [1, -1], fast: true },
      { type: 'move', to: [1, 2.5], fast: true },
      { type: 'move', to: [1, 2], fast: 'yes' },
      { type: 'move', to: [1, 2] },
      { type: 'move', to: [1, 2], fast: true, label: 'toolong' },
      { type: 'tag', names: [], colour: 'red' },
      { type: 'tag', names: ['a', 'b', 'c', 'd'], colour: 'red' },
      { type: 'tag', names: [''], colour: 'red' },
      { type: 'tag', names: ['a'], colour: 'red', constructor: 'x' },
    ];
    for (const raw of refused) assert.equal(message.check(raw), undefined, JSON.stringify(raw));
  });

  it('is not fooled by prototype keys, inherited properties or holes', () => {
    assert.equal(message.check(JSON.parse('{"type": "ping", "__proto__": {"polluted": 1}}')), undefined);
    assert.equal(message.check({ type: 'constructor' }), undefined);
    assert.equal(message.check({ type: 'toString' }), undefined);
    assert.equal(message.check({ type: '__proto__' }), undefined);
    const inherited = Object.create({ fast: true }) as Record<string, unknown>;
    Object.assign(inherited, { type: 'move', to: [1, 2] });
    assert.equal(message.check(inherited), undefined, 'a required key must be the object’s own');
    // eslint-disable-next-line no-sparse-arrays
    assert.equal(list(count, { max: 5 }).check([1, , 3]), undefined);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('checks huge lists against their limit before reading them', () => {
    const huge = new Array(2 ** 32 - 1);
    assert.equal(list(count, { max: 1000 }).check(huge), undefined);
    assert.equal(object({ n: count }).check({ n: Number.MAX_SAFE_INTEGER + 2 }), undefined);
  });
});
