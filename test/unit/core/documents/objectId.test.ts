import * as assert from 'node:assert/strict';
import { createObjectIdGenerator, newObjectId } from '../../../../src/core/documents/objectId';

/** The creation time an object id carries in its first four bytes, to the second. */
const secondsIn = (hex: string): number => parseInt(hex.slice(0, 8), 16);

describe('core/documents/objectId', () => {
  it('makes 24 lowercase hex digits', () => {
    const id = newObjectId();
    assert.match(id, /^[0-9a-f]{24}$/);
  });

  it('carries the creation time in seconds', () => {
    const before = Math.floor(Date.now() / 1000);
    const seconds = secondsIn(newObjectId());
    assert.ok(seconds >= before && seconds <= Date.now() / 1000, `time ${seconds} not near now`);
  });

  it('lays out timestamp, per-generator random bytes and a counter', () => {
    const randoms = [Uint8Array.from([1, 2, 3, 4, 5]), Uint8Array.from([0xff, 0xff, 0xfe])];
    const generate = createObjectIdGenerator({
      now: () => 0x5f5e1000 * 1000 + 999,
      random: (size) => randoms.shift() ?? new Uint8Array(size),
    });
    assert.equal(generate(), '5f5e1000' + '0102030405' + 'fffffe');
    assert.equal(generate(), '5f5e1000' + '0102030405' + 'ffffff');
    assert.equal(generate(), '5f5e1000' + '0102030405' + '000000', 'the counter wraps at 3 bytes');
  });

  it('never repeats an id within a generator, even within one second', () => {
    const generate = createObjectIdGenerator({ now: () => 1_700_000_000_000, random: (size) => new Uint8Array(size) });
    const ids = new Set(Array.from({ length: 10_000 }, generate));
    assert.equal(ids.size, 10_000);
  });

  it('differs between generators through their random bytes', () => {
    const a = createObjectIdGenerator()();
    const b = createObjectIdGenerator()();
    assert.notEqual(a.slice(8, 18), b.slice(8, 18));
  });
});
