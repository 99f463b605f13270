import * as assert from 'node:assert/strict';
import { validateCollectionName } from '../../../../src/core/names/collectionName';
import { validateDatabaseName } from '../../../../src/core/names/databaseName';
import { countFreeDatabases } from '../../../../src/core/plans/freeDatabases';

describe('database and collection rules checked before sending', () => {
  it('counts free databases by slug or by the plan name the original service sent', () => {
    const plans = [
      { slug: 'sandbox', name: 'Sandbox', price: 0 },
      { slug: 'micro', name: 'Micro', price: 5 },
    ];
    const databases = [
      { name: 'a', slug: 'sandbox' },
      { name: 'b', plan: 'Sandbox' },
      { name: 'c', slug: 'micro', plan: 'Micro' },
      { name: 'd' },
    ];
    assert.equal(countFreeDatabases(databases, plans), 2);
  });

  it('refuses database names the service would refuse, and names already taken', () => {
    for (const name of ['', 'a.b', 'a/b', 'a b', 'a$b', 'a"b', 'x'.repeat(65)]) assert.ok(validateDatabaseName(name, []), name);
    assert.match(validateDatabaseName('shop', ['shop']) ?? '', /already exists/);
    assert.equal(validateDatabaseName('shop_2', ['shop']), undefined);
  });

  it('refuses collection names with $, the system. prefix, or already taken', () => {
    for (const name of ['', 'a$b', 'system.users']) assert.ok(validateCollectionName(name, []), name);
    assert.match(validateCollectionName('items', ['items']) ?? '', /already exists/);
    assert.equal(validateCollectionName('items.archive', ['items']), undefined);
  });
});
