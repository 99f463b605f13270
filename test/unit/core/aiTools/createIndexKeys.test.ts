import * as assert from 'node:assert/strict';
import { planWrite } from '../../../../src/core/aiTools/plannedWrite';
import { ToolInputError } from '../../../../src/core/aiTools/toolInput';

describe('core/aiTools: the create-index tool takes field paths only', () => {
  it('refuses an empty part in a key path before anything is asked or sent', () => {
    for (const field of ['', 'a.', '.a', 'a..b', '$a']) {
      assert.throws(
        () => planWrite('dbhost_createIndex', { database: 'shop', collection: 'orders', keys: { [field]: 1 } }),
        (error: unknown) => error instanceof ToolInputError && /is not a field path/.test(error.message),
        field,
      );
    }
    const plan = planWrite('dbhost_createIndex', { database: 'shop', collection: 'orders', keys: { 'a.b': 1 } });
    assert.deepEqual(plan.request.body, { spec: { 'a.b': 1 }, background: true, unique: false });
  });
});
