import * as assert from 'node:assert/strict';
import type { DbHostClient } from '../../../../src/client/dbHostClient';
import { planWrite } from '../../../../src/core/aiTools/plannedWrite';
import { runReadTool } from '../../../../src/core/aiTools/readToolRunner';
import { applyUndo } from '../../../../src/core/bulk/applyUndo';
import type { JsonObject, JsonValue } from '../../../../src/core/json/lossless';
import { stringifyLossless } from '../../../../src/core/json/lossless';
import { newIdSeed } from '../../../../src/core/transfer/importIds';
import { importDocuments } from '../../../../src/core/transfer/importRun';
import { readNdjson } from '../../../../src/core/transfer/ndjson';
import { startServiceInProcess } from '../../../support/testService';
import type { InProcessService } from '../../../support/testService';

const KEY = 'id-boundary-key-41c7e2';
const OID = '6563a0c1e4b0a1b2c3d4e5f6';
const DB = 'lab';
const COL = 'ids';

/** Four documents whose `_id`s the service's path reading could mix up: a number and its digits, an object id and its hex. */
const NEIGHBOURS: readonly { id: JsonValue; tag: string }[] = [
  { id: 42, tag: 'number' },
  { id: '42', tag: 'string' },
  { id: { $oid: OID }, tag: 'oid' },
  { id: OID, tag: 'hex' },
];

/**
 * Every feature outside VS Code that names one document by its `_id` (the client, the language-model and MCP
 * read and write tools, Undo Last Change, an import that resumes) reaches the document of that exact `_id`.
 */
describe('a document named by its _id: 42, "42", an object id and its hex each reach their own document', function () {
  this.timeout(60_000);
  let service: InProcessService;
  let client: DbHostClient;

  const tags = async () =>
    (await client.listDocuments(DB, COL, { limit: 100 })).documents.map((doc) => `${stringifyLossless(doc._id)}=${String(doc.tag)}`).sort();

  beforeEach(async () => {
    service = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    client = service.client();
    await client.createDatabase(DB, 'sandbox');
    await client.createCollection(DB, COL);
    for (const { id, tag } of NEIGHBOURS) await client.createDocument(DB, COL, { _id: id, tag }, { safe: true });
  });
  afterEach(async () => service?.stop());

  it('the client reads, updates and deletes each one by its _id value', async () => {
    for (const { id, tag } of NEIGHBOURS) assert.equal((await client.getDocument(DB, COL, id)).document.tag, tag, stringifyLossless(id));
    for (const { id, tag } of NEIGHBOURS) await client.updateDocument(DB, COL, id, { $set: { tag: `${tag}!` } }, { safe: true });
    assert.deepEqual(await tags(), ['"42"=string!', '"6563a0c1e4b0a1b2c3d4e5f6"=hex!', '42=number!', `{"$oid":"${OID}"}=oid!`]);
    await client.deleteDocument(DB, COL, 42);
    await client.deleteDocument(DB, COL, { $oid: OID });
    assert.deepEqual(await tags(), ['"42"=string!', '"6563a0c1e4b0a1b2c3d4e5f6"=hex!']);
  });

  it('the client refuses an _id the service has no path for, before sending', async () => {
    await client.createDocument(DB, COL, { _id: 'null', tag: 'the string null' }, { safe: true });
    await assert.rejects(client.deleteDocument(DB, COL, null), /The _id null cannot be named in a request path/);
    await assert.rejects(client.getDocument(DB, COL, true), /The _id true cannot be named/);
    assert.equal((await client.getDocument(DB, COL, 'null')).document.tag, 'the string null');
  });

  it('the read tool answers the document of the _id asked for, and none for a string that is absent', async () => {
    const read = (id: JsonValue) => runReadTool(client, 'dbhost_getDocument', { database: DB, collection: COL, id }, 'Lab');
    assert.match(await read(42), /"tag":\s*"number"/);
    assert.match(await read('42'), /"tag":\s*"string"/);
    assert.match(await read({ $oid: OID }), /"tag":\s*"oid"/);
    assert.match(await read(OID), /"tag":\s*"hex"/);
    await client.deleteDocument(DB, COL, '42');
    // Without id_type the service would fall back from the absent string "42" to the number 42.
    assert.match(await read('42'), /^No document of lab\.ids has the _id "42" \(the service answered: .*404 Document "42" does not exist/);
  });

  it('the write tools update and delete the document of the _id asked for', async () => {
    await planWrite('dbhost_updateDocument', { database: DB, collection: COL, id: { $oid: OID }, update: { $set: { tag: 'oid!' } } }).send(
      client,
    );
    await planWrite('dbhost_deleteDocument', { database: DB, collection: COL, id: 42 }).send(client);
    assert.deepEqual(await tags(), ['"42"=string', '"6563a0c1e4b0a1b2c3d4e5f6"=hex', `{"$oid":"${OID}"}=oid!`]);
  });

  it('Undo Last Change restores and removes by the exact _id', async () => {
    await client.updateDocument(DB, COL, 42, { $set: { tag: 'changed' } }, { safe: true });
    const plan = { restore: [{ _id: 42, tag: 'number' }], reinsert: [], remove: [{ $oid: OID }], changedSince: [], untouched: 0 };
    const after: JsonObject = { _id: 42, tag: 'changed' };
    const result = await applyUndo(client, DB, COL, plan, () => after, undefined, 1);
    assert.deepEqual(result.failed, []);
    assert.deepEqual(await tags(), ['"42"=string', '"6563a0c1e4b0a1b2c3d4e5f6"=hex', '42=number']);
  });

  it('an import that meets a document already stored compares it with the document of the same _id', async () => {
    const records = readNdjson([`{"_id": 42, "tag": "number"}\n{"_id": {"$oid": "${OID}"}, "tag": "oid"}\n`]);
    const outcome = await importDocuments({ api: client, db: DB, col: COL, records, idSeed: newIdSeed(), retryDelayMs: 1 });
    assert.deepEqual(outcome.failures, []);
    assert.equal(outcome.alreadyStored, 2);
  });
});
