import assert from 'node:assert/strict';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

const KEY = 'projection-key-41d0';
const DOCUMENTS = '/databases/shop/collections/items/documents';

describe('a projection leaves the stored documents as they are', () => {
  let service: InProcessService;

  before(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    assert.equal((await service.raw('POST', '/databases', { body: JSON.stringify({ name: 'shop', slug: 'sandbox' }) })).status, 200);
    const document = { _id: 'i1', o: { z: { w: 1 }, y: 'kept' }, arr: [{ k: 1, s: 'a' }] };
    assert.equal((await service.raw('POST', DOCUMENTS, { body: JSON.stringify({ document, safe: true }) })).status, 200);
  });
  after(() => service?.stop());

  it('a list leaving out nested fields ("o.z": 0, "arr.s": 0) answers without them and the document keeps them', async () => {
    const fields = encodeURIComponent(JSON.stringify({ 'o.z': 0, 'arr.s': 0 }));
    const projected = await service.raw('GET', `${DOCUMENTS}?fields=${fields}`);
    assert.equal(projected.status, 200, projected.text);
    assert.deepEqual(JSON.parse(projected.text), [{ _id: 'i1', o: { y: 'kept' }, arr: [{ k: 1 }] }]);
    const whole = await service.raw('GET', `${DOCUMENTS}/i1`);
    assert.deepEqual(JSON.parse(whole.text), { _id: 'i1', o: { z: { w: 1 }, y: 'kept' }, arr: [{ k: 1, s: 'a' }] });
    const listed = await service.raw('GET', DOCUMENTS);
    assert.deepEqual(JSON.parse(listed.text), [{ _id: 'i1', o: { z: { w: 1 }, y: 'kept' }, arr: [{ k: 1, s: 'a' }] }]);
  });
});
