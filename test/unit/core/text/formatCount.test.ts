import * as assert from 'node:assert/strict';
import { countOf, formatCount } from '../../../../src/core/text/formatCount';

describe('core/text/formatCount', () => {
  it('groups thousands the same way whatever the locale', () => {
    assert.equal(formatCount(1234567), '1,234,567');
    assert.equal(formatCount(0), '0');
  });

  it('names the unit in the singular for one and in the plural otherwise', () => {
    assert.equal(countOf(1, 'document'), '1 document');
    assert.equal(countOf(0, 'document'), '0 documents');
    assert.equal(countOf(1500, 'document'), '1,500 documents');
    assert.equal(countOf(2, 'index', 'indexes'), '2 indexes');
  });
});
