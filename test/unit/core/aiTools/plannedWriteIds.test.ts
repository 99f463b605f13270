import * as assert from 'node:assert/strict';
import type { DbHostClient } from '../../../../src/client/dbHostClient';
import { planWrite } from '../../../../src/core/aiTools/plannedWrite';
import { startServiceInProcess } from '../../../support/testService';
import type { InProcessService } from '../../../support/testService';

const KEY = 'planned-write-ids-key-7f3a9c';
const OID = '6563a0c1e4b0a1b2c3d4e5f6';

/**
 * The service reads a document path's `<doc_id>` as the string first, then as an object id or a number, so
 * `…/documents/42` names the string "42" when one exists. A tool's confirmation counts the `_id` with its type;
 * the write it sends must reach that document or none.
 */
describe('core/aiTools: a write by _id reaches the document of that exact _id or none', function () {
  this.timeout(60_000);
  let service: InProcessService;
  let client: DbHostClient;
  const ids = async () =>
    (await client.listDocuments('lab', 'ids', { limit: 100 })).documents.map((doc) => JSON.stringify([doc._id, doc.tag]));

  beforeEach(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    client = service.client();
    await client.createDatabase('lab', 'sandbox');
    await client.createCollection('lab', 'ids');
  });
  afterEach(async () => service?.stop());

  it('deleting the number 42 leaves the string "42" alone when no number 42 exists', async () => {
    await client.createDocument('lab', 'ids', { _id: '42', tag: 'string' }, { safe: true });
    const plan = planWrite('dbhost_deleteDocument', { database: 'lab', collection: 'ids', id: 42 });
    assert.match(await plan.affected(client), /Affects: nothing/);
    await assert.rejects(plan.send(client), /does not exist|no document/);
    assert.deepEqual(await ids(), [JSON.stringify(['42', 'string'])]);
  });

  it('updating the number 42 changes the number 42, not the string "42" beside it', async () => {
    await client.createDocument('lab', 'ids', { _id: '42', tag: 'string' }, { safe: true });
    await client.createDocument('lab', 'ids', { _id: 42, tag: 'number' }, { safe: true });
    const plan = planWrite('dbhost_updateDocument', { database: 'lab', collection: 'ids', id: 42, update: { $set: { tag: 'changed' } } });
    await plan.send(client).catch(() => undefined);
    assert.deepEqual((await ids()).sort(), [JSON.stringify(['42', 'string']), JSON.stringify([42, 'changed'])].sort());
  });

  it('deleting the string of an object id leaves the object id alone', async () => {
    await client.createDocument('lab', 'ids', { _id: { $oid: OID }, tag: 'oid' }, { safe: true });
    const plan = planWrite('dbhost_deleteDocument', { database: 'lab', collection: 'ids', id: OID });
    await assert.rejects(plan.send(client), /no document of lab.ids has the _id "6563a0c1e4b0a1b2c3d4e5f6"/i);
    assert.equal((await ids()).length, 1);
  });

  it('an _id of the right type is still deleted', async () => {
    await client.createDocument('lab', 'ids', { _id: { $oid: OID }, tag: 'oid' }, { safe: true });
    await client.createDocument('lab', 'ids', { _id: 7, tag: 'number' }, { safe: true });
    await planWrite('dbhost_deleteDocument', { database: 'lab', collection: 'ids', id: { $oid: OID } }).send(client);
    await planWrite('dbhost_deleteDocument', { database: 'lab', collection: 'ids', id: 7 }).send(client);
    assert.deepEqual(await ids(), []);
  });
});
