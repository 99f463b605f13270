import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { LosslessNumber, parseLossless, stringifyLossless } from '../../../../src/core/json/lossless';
import { fromWire, toWire } from '../../../../src/core/json/wire';

const carried = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('lossless values on the wire', () => {
  it('carries every JSON text through a message exactly: numbers, key order, "__proto__" keys', () => {
    const text = '{"b": 9223372036854775807, "a": [1.50, -0, 1e400, null, true, "x"], "__proto__": {"constructor": {}}, "": {}}';
    const value = parseLossless(text);
    const back = fromWire(carried(toWire(value)));
    assert.equal(stringifyLossless(back), stringifyLossless(value));
    assert.equal(Object.getPrototypeOf(back), Object.prototype);
    assert.ok((back as Record<string, unknown>).b instanceof LosslessNumber);
  });

  it('round-trips random JSON exactly (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const value = parseLossless(JSON.stringify(json));
        assert.equal(stringifyLossless(fromWire(carried(toWire(value)))), stringifyLossless(value));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what is not a wire value', () => {
    const refused: unknown[] = [
      undefined,
      Number.NaN,
      { n: 'NaN' },
      { n: '1', a: [] },
      { x: 1 },
      { a: 'x' },
      { o: [['k']] },
      { o: [[1, 2]] },
      { o: {} },
      {},
      // eslint-disable-next-line no-sparse-arrays
      { a: [1, , 2] },
    ];
    for (const raw of refused) assert.equal(fromWire(raw), undefined, String(JSON.stringify(raw)));
    let deep: unknown = 1;
    for (let depth = 0; depth < 5000; depth++) deep = { a: [deep] };
    assert.equal(fromWire(deep), undefined, 'nesting beyond the parser’s own limit');
  });
});
