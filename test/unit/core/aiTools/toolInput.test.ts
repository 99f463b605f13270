import * as assert from 'node:assert/strict';
import { planWrite } from '../../../../src/core/aiTools/plannedWrite';
import { ToolInputError } from '../../../../src/core/aiTools/toolInput';
import { requestText } from '../../../../src/core/guardrails/requestText';

const refuses = (name: string, input: unknown, message: RegExp) =>
  assert.throws(
    () => planWrite(name, input),
    (error: unknown) => error instanceof ToolInputError && message.test(error.message),
  );

describe('core/aiTools: tool input', () => {
  it('refuses prototype names anywhere in a path, as the service does', () => {
    refuses(
      'dbhost_updateMatching',
      { database: 'a', collection: 'b', filter: { 'x.__proto__.y': 1 }, update: { $set: { a: 1 } } },
      /"__proto__", which is refused/,
    );
    refuses('dbhost_updateDocument', { database: 'a', collection: 'b', id: 1, update: { $set: { constructor: 1 } } }, /"constructor"/);
    refuses('dbhost_insertDocument', { database: 'a', collection: 'b', document: { deep: [{ prototype: 1 }] } }, /"prototype"/);
  });

  it('refuses a replacement document where update operators go, naming the fix', () => {
    refuses('dbhost_updateDocument', { database: 'a', collection: 'b', id: 1, update: { status: 'x' } }, /\{"\$set": \{"status"/);
  });

  it('refuses unknown and missing members with what the tool takes', () => {
    refuses(
      'dbhost_deleteDocument',
      { database: 'a', collection: 'b', id: 1, query: {} },
      /Unknown input "query": it takes "database", "collection", "id"/,
    );
    refuses('dbhost_deleteDocument', { database: 'a', collection: 'b' }, /"id" is required/);
    refuses('dbhost_insertDocument', { database: '', collection: 'b', document: {} }, /"database" is required/);
    refuses(
      'dbhost_updateMatching',
      { database: 'a', collection: 'b', filter: [], update: { $set: { a: 1 } } },
      /"filter" must be a JSON object/,
    );
    refuses(
      'dbhost_updateMatching',
      { database: 'a', collection: 'b', filter: {}, update: { $set: { a: 1 } }, multi: 'yes' },
      /"multi" must be true or false/,
    );
  });

  it('refuses text that is not Unicode', () => {
    refuses('dbhost_insertDocument', { database: 'a', collection: 'b', document: { a: 'x\ud800y' } }, /lone UTF-16 surrogate/);
  });

  it('turns an update of matching documents into the exact request, with the key nowhere', () => {
    const plan = planWrite('dbhost_updateMatching', {
      database: 'shop',
      collection: 'orders',
      filter: { status: 'new' },
      update: { $set: { status: 'open' }, $unset: { note: '' } },
      multi: true,
    });
    assert.equal(
      requestText(plan.request),
      'PUT /databases/shop/collections/orders/documents\n{"criteria":{"status":"new"},"object":{"$set":{"status":"open"},"$unset":{"note":""}},"upsert":false,"multi":true,"safe":true}',
    );
  });

  it("chooses an inserted document's _id before sending, so the request shown is the one sent", () => {
    const plan = planWrite('dbhost_insertDocument', { database: 'a', collection: 'b', document: { n: 1 } });
    assert.match(requestText(plan.request), /"document":\{"_id":\{"\$oid":"[0-9a-f]{24}"\},"n":1\}/);
  });
});
