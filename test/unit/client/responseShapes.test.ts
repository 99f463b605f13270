import * as assert from 'node:assert/strict';
import { LosslessNumber, stringifyLossless } from '../../../src/core/json/lossless';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { ServiceError } from '../../../src/core/api/serviceError';
import { FakeService } from './fakeService';

describe('DbHostClient response shapes', () => {
  let service: FakeService;
  let client: DbHostClient;

  before(async () => {
    service = await FakeService.start();
    client = new DbHostClient({ baseUrl: service.baseUrl, apiKey: 'k' });
  });
  after(() => service.close());

  const answer = (body: string, headers?: Record<string, string>) => service.queue({ body, headers });

  it('keeps every field of the historical records', async () => {
    const database = { name: 'vehicles', hostname: 'host.example.net', port: 27036, shared: true, plan: 'Sandbox', slug: 'sandbox' };
    answer(JSON.stringify([database]));
    assert.deepEqual(await client.listDatabases(), [database]);

    answer('[{"name": "rockets", "count": 15, "storageSize": 192512, "avgObjSize": null, "indexCount": 1, "ok": 1.0}]');
    const [collection] = await client.listCollections('vehicles');
    assert.equal(collection.name, 'rockets');
    assert.equal(collection.count, 15);
    assert.equal(collection.avgObjSize, null);
    assert.ok(collection.ok instanceof LosslessNumber && collection.ok.text === '1.0');

    answer(
      '[{"v": 1, "key": {"_id": 1}, "ns": "vehicles.rockets", "name": "_id_"}, {"v": 1, "key": {"a": 1, "b": -1}, "name": "a_1_b_-1", "unique": true, "dropDups": true}]',
    );
    assert.deepEqual(await client.listIndexes('vehicles', 'rockets'), [
      { v: 1, key: { _id: 1 }, ns: 'vehicles.rockets', name: '_id_' },
      { v: 1, key: { a: 1, b: -1 }, name: 'a_1_b_-1', unique: true, dropDups: true },
    ]);

    answer('[{"name": "Micro", "slug": "micro", "price": 5.0, "type": "hosted"}]');
    assert.deepEqual(await client.listPlans(), [{ name: 'Micro', slug: 'micro', price: 5, type: 'hosted' }]);

    answer('[{"id": 12345, "amount": 5.5, "balance": 0, "bill_date": "2012-06-01", "is_paid": true}]');
    assert.deepEqual(await client.listInvoices(), [{ id: 12345, amount: 5.5, balance: 0, bill_date: '2012-06-01', is_paid: true }]);

    answer('[{"name": "db-1.example.net:10005", "members": ["db-1.example.net:10005"], "databases": ["vehicles"], "plan": "dedicated"}]');
    assert.deepEqual(await client.listDeployments(), [
      { name: 'db-1.example.net:10005', members: ['db-1.example.net:10005'], databases: ['vehicles'], plan: 'dedicated' },
    ]);
  });

  it('accepts plain strings in every list', async () => {
    answer('["vehicles"]');
    assert.deepEqual(await client.listDatabases(), [{ name: 'vehicles' }]);
    answer('["rockets", {"name": "planes"}]');
    assert.deepEqual(await client.listCollections('vehicles'), [{ name: 'rockets' }, { name: 'planes' }]);
    answer('["_id_"]');
    assert.deepEqual(await client.listIndexes('vehicles', 'rockets'), [{ name: '_id_' }]);
    answer('["db-1.example.net:10005"]');
    assert.deepEqual(await client.listDeployments(), [{ name: 'db-1.example.net:10005' }]);
    answer('["12345", 12346]');
    assert.deepEqual(await client.listInvoices(), [{ id: '12345' }, { id: 12346 }]);
    answer('["sandbox"]');
    assert.deepEqual(await client.listPlans(), [{ slug: 'sandbox' }]);
  });

  it('names records that lack their name from what they do carry, and keeps odd items', async () => {
    answer('[{"db": "vehicles", "objects": 3}, null]');
    assert.deepEqual(await client.listDatabases(), [{ db: 'vehicles', objects: 3, name: 'vehicles' }, { name: 'null' }]);
    answer('[{"name": "Micro", "price": 5}]');
    assert.deepEqual(await client.listPlans(), [{ name: 'Micro', price: 5, slug: 'Micro' }]);
  });

  it('fills in the name of a database answer that lacks one', async () => {
    answer('{"db": "x", "objects": 2}');
    assert.deepEqual(await client.getDatabase('vehicles'), { db: 'x', objects: 2, name: 'x' });
    answer('{"objects": 2}');
    assert.deepEqual(await client.getDatabase('vehicles'), { objects: 2, name: 'vehicles' });
  });

  const wrongShapes: Array<[string, (c: DbHostClient) => Promise<unknown>, string, RegExp]> = [
    [
      'a list endpoint answering an object',
      (c) => c.listDatabases(),
      '{"databases": []}',
      /^GET \/databases returned an invalid response: expected a list of databases, got an object$/,
    ],
    [
      'documents that are not objects',
      (c) => c.listDocuments('d', 'c'),
      '[{"_id": 1}, 7]',
      /item 2 of the list is a number, not a document/,
    ],
    ['a document answer that is a list', (c) => c.getDocument('d', 'c', 'x'), '[]', /expected the document as a JSON object, got a list/],
    [
      'statistics that are a text',
      (c) => c.getCollectionStats('d', 'c'),
      '"fine"',
      /expected the collection statistics as a JSON object, got a text/,
    ],
    ['an empty body where a list was due', (c) => c.listPlans(), '', /expected a list of plans, got an empty body/],
    [
      'invalid JSON',
      (c) => c.listInvoices(),
      '[{"id": 1,]',
      /^GET \/invoices returned an invalid response: the body is not valid JSON \(.*line 1, column 11\): \[\{"id": 1,\]$/,
    ],
    ['an HTML page', (c) => c.getInvoice(1), '<html><body>Hello</body></html>', /the body is not valid JSON/],
  ];
  for (const [what, call, body, message] of wrongShapes) {
    it(`reports ${what} as an invalid response`, async () => {
      answer(body);
      await assert.rejects(call(client), (error: unknown) => {
        assert.ok(error instanceof ServiceError);
        assert.equal(error.kind, 'invalid-response');
        assert.equal(error.status, 200);
        assert.match(error.message, message);
        return true;
      });
    });
  }

  it('returns null for an empty write answer, and the JSON otherwise', async () => {
    answer('');
    assert.equal(await client.deleteDatabase('vehicles'), null);
    answer('{"ok": 1}');
    assert.deepEqual(await client.createCollection('vehicles', 'rockets'), { ok: 1 });
  });

  it('returns a plain-text write answer as text', async () => {
    answer('OK', { 'Content-Type': 'text/plain' });
    assert.equal(await client.createCollection('vehicles', 'rockets'), 'OK');
  });

  it('says a write may have been made when its JSON answer is broken', async () => {
    answer('{"ok": ');
    await assert.rejects(client.createDocument('d', 'c', { a: 1 }), {
      kind: 'invalid-response',
      message:
        /^POST \/databases\/d\/collections\/c\/documents returned an invalid response: the body is not valid JSON .*; the change may have been made anyway$/,
    });
  });

  it('returns a document with its exact numbers and the body as sent', async () => {
    const text =
      '{\n  "_id": {"$oid": "4ffde1398c1a4b6d6c000001"},\n  "big": 9007199254740993,\n  "price": 1.50,\n  "when": {"$date": 1338508800000}\n}';
    answer(text);
    const fetched = await client.getDocument('d', 'c', { $oid: '4ffde1398c1a4b6d6c000001' });
    assert.equal(fetched.text, text);
    assert.deepEqual(fetched.document._id, { $oid: '4ffde1398c1a4b6d6c000001' });
    assert.equal(
      stringifyLossless(fetched.document),
      '{"_id":{"$oid":"4ffde1398c1a4b6d6c000001"},"big":9007199254740993,"price":1.50,"when":{"$date":1338508800000}}',
    );
  });

  it('round-trips big numbers: what it reads it writes back unchanged', async () => {
    answer('{"_id": 1, "big": 123456789012345678901234567890, "exp": 1e400}');
    const { document } = await client.getDocument('d', 'c', 1);
    answer('{"ok": 1}');
    await client.updateDocument('d', 'c', 1, document, { safe: true });
    assert.equal(
      service.requests[service.requests.length - 1].body,
      '{"document":{"_id":1,"big":123456789012345678901234567890,"exp":1e400},"safe":true}',
    );
  });

  describe('deployment logs', () => {
    const cases: Array<[string, string, Record<string, string>, unknown]> = [
      [
        'the historical list of members',
        '[{"member": "db-1:10005", "log": "line 1\\nline 2"}, {"member": "db-2:10005", "log": "line 3"}]',
        {},
        [
          { member: 'db-1:10005', log: 'line 1\nline 2' },
          { member: 'db-2:10005', log: 'line 3' },
        ],
      ],
      ['a plain JSON text', '"line 1\\nline 2"', {}, [{ log: 'line 1\nline 2' }]],
      ['a list of texts', '["line 1", "line 2"]', {}, [{ log: 'line 1' }, { log: 'line 2' }]],
      ['an object with a log text', '{"log": "line 1", "member": "db-1:10005"}', {}, [{ member: 'db-1:10005', log: 'line 1' }]],
      ['an object with a list of log texts', '{"log": ["line 1", "line 2"]}', {}, [{ log: 'line 1' }, { log: 'line 2' }]],
      [
        'raw text sent as text/plain',
        'Tue Jun 12 10:00:00 [conn1] query vehicles.rockets',
        { 'Content-Type': 'text/plain' },
        [{ log: 'Tue Jun 12 10:00:00 [conn1] query vehicles.rockets' }],
      ],
      ['an empty body', '', {}, []],
      ['any other shape, as JSON text', '{"lines": 3}', {}, [{ log: '{\n  "lines": 3\n}' }]],
      [
        'list items of other shapes, as JSON text',
        '[{"member": "db-1:10005", "log": ["a"]}, 42]',
        {},
        [{ member: 'db-1:10005', log: '[\n  "a"\n]' }, { log: '42' }],
      ],
    ];
    for (const [what, body, headers, expected] of cases) {
      it(`accepts ${what}`, async () => {
        answer(body, headers);
        assert.deepEqual(await client.getDeploymentLogs('set-1'), expected);
      });
    }

    it('reports a log answer that claims to be JSON but is not', async () => {
      answer('[{"member": ');
      await assert.rejects(client.getDeploymentLogs('set-1'), { kind: 'invalid-response' });
    });
  });
});
