import * as assert from 'node:assert/strict';
import { DEFAULT_VIEW_STATE } from '../../../../src/core/table/viewState';
import { documentKey } from '../../../../src/core/table/stagedEdits';
import { exportSelectedArgs } from '../../../../src/extension/collectionView/exportArgsOfView';

const source = { accountId: 'a1', db: 'shop', col: 'items' };

describe('collection view: the arguments of Export Selected…', () => {
  it("asks for the selected rows' _ids in the view's order, with the view's projection", () => {
    const keys = [documentKey({ _id: 7 }), documentKey({ _id: { $oid: '65a1b2c3d4e5f60718293a4b' } })];
    const args = exportSelectedArgs(source, { ...DEFAULT_VIEW_STATE, fields: [['name']] }, keys);
    assert.deepEqual(args, { ...source, scope: { kind: 'ids', ids: keys, fields: { _id: 1, name: 1 } } });
  });

  it('refuses a selection holding a row without _id, which a lookup by _id would confuse with every other such row', () => {
    const keys = [documentKey({ _id: 7 }), documentKey({ name: 'no id' })];
    assert.throws(() => exportSelectedArgs(source, DEFAULT_VIEW_STATE, keys), /^Error: A selected row has no _id/);
  });
});
