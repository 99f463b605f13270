import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { AccountDataStore } from '../../../../src/service/store/accountDataStore';
import { temporaryDirectory } from '../../../support/testService';
import { PRICE_RULES } from './rulesService';

describe('journal store: collection rules in a snapshot (issue 33)', () => {
  const directory = temporaryDirectory('rules-snapshot');
  after(() => rmSync(directory, { recursive: true, force: true }));

  it("keeps a collection's rules when the journal is folded into a new snapshot", () => {
    const { store } = AccountDataStore.open(directory, () => undefined);
    store.commit(
      [
        { op: 'createDatabase', name: 'shop', slug: 'sandbox', created: '2026-01-01T00:00:00.000Z' },
        { op: 'createCollection', db: 'shop', name: 'prices' },
        {
          op: 'setRules',
          db: 'shop',
          col: 'prices',
          rules: { validator: PRICE_RULES, validationLevel: 'moderate', validationAction: 'warn' },
        },
      ],
      true,
    );
    assert.equal(store.compact(), true);
    store.close();
    const reopened = AccountDataStore.open(directory, () => undefined).store;
    const rules = reopened.state.collection('shop', 'prices')?.rules;
    reopened.close();
    assert.deepEqual(rules?.settings, { validator: PRICE_RULES, validationLevel: 'moderate', validationAction: 'warn' });
    assert.equal(rules?.compiled.violations({ name: 'x', price: -1 })[0].rule, 'properties.price.minimum');
  });
});
