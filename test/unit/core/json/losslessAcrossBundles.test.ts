import * as assert from 'node:assert/strict';
import { jsonEqual } from '../../../../src/core/json/jsonEqual';
import { LosslessNumber, isJsonObject, stringifyLossless } from '../../../../src/core/json/lossless';

const BRAND = Symbol.for('dbhost.LosslessNumber');

describe('LosslessNumber across bundles', () => {
  // Each lazily loaded bundle (e.g. dist/collectionViewHost.js) holds its own copy of the class.
  class OtherBundlesLosslessNumber {
    readonly [BRAND] = true;
    constructor(readonly text: string) {}
    toJSON(): number {
      return Number(this.text);
    }
  }

  it('writes a number made by another copy of the class exactly, not rounded through toJSON', () => {
    const foreign = new OtherBundlesLosslessNumber('9007199254740993');
    assert.ok(foreign instanceof LosslessNumber);
    assert.equal(stringifyLossless({ big: foreign }), '{"big":9007199254740993}');
    assert.ok(!isJsonObject(foreign as never));
    assert.ok(jsonEqual(foreign as never, new LosslessNumber('9007199254740993')));
  });

  it('still tells plain objects and numbers apart', () => {
    assert.ok(!({ text: '1' } instanceof LosslessNumber));
    assert.ok(!((Object(1) as object) instanceof LosslessNumber));
    assert.ok(!((null as unknown as object) instanceof LosslessNumber));
  });
});
