import * as assert from 'node:assert/strict';
import { generatedIdHex, newIdSeed, withId } from '../../../../src/core/transfer/importIds';

describe('core/transfer/importIds', () => {
  it('makes a seed of the start second and 5 random bytes as 10 hex digits, leading zeros kept', () => {
    const seed = newIdSeed(1_700_000_000_999, () => new Uint8Array([0x00, 0x0f, 0xa0, 0xff, 0x01]));
    assert.deepEqual(seed, { seconds: 1_700_000_000, unique: '000fa0ff01' });
  });

  it('draws its random bytes from Web Crypto by default (the same in Node and a browser): two seeds differ', () => {
    const [first, second] = [newIdSeed(0), newIdSeed(0)];
    assert.match(first.unique, /^[0-9a-f]{10}$/);
    assert.notEqual(first.unique, second.unique);
  });

  it('gives record n the same 24-hex-digit id every time, moving the second on past 2^24 records', () => {
    const seed = { seconds: 0x65000000, unique: '0102030405' };
    assert.equal(generatedIdHex(seed, 7), '650000000102030405000007');
    assert.equal(generatedIdHex(seed, 7), generatedIdHex(seed, 7));
    assert.equal(generatedIdHex(seed, 0x1000001), '650000010102030405000001');
  });

  it('keeps a document’s own _id, and puts a generated one first otherwise', () => {
    const seed = { seconds: 1, unique: 'aaaaaaaaaa' };
    assert.deepEqual(withId({ _id: 5, a: 1 }, seed, 0), { _id: 5, a: 1 });
    assert.deepEqual(Object.keys(withId({ a: 1 }, seed, 0)), ['_id', 'a']);
  });
});
