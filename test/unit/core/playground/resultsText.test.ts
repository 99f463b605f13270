import * as assert from 'node:assert/strict';
import { parseLossless } from '../../../../src/core/json/lossless';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { parse as parseJsonc } from 'jsonc-parser';
import type { FindRequest, UpdateRequest } from '../../../../src/core/playground/playgroundRequest';
import { renderFindResults, renderUpdateResults } from '../../../../src/core/playground/resultsText';

const request: FindRequest = { kind: 'find', database: 'shop', collection: 'orders', query: { q: { status: 'open' }, limit: 2 } };

describe('results text', () => {
  const documents = parseLossless(
    '[{"_id": {"$oid": "4ffde1398c1a4b6d6c000001"}, "n": 9007199254740993, "price": 1.50}, {"_id": "plain", "tags": ["a"]}]',
  ) as JsonObject[];
  const rendered = renderFindResults({ accountLabel: 'Local', request, skip: 20, page: { documents, total: 1234 }, elapsedMs: 35.4 });
  const lines = rendered.text.split('\n');

  it('heads the results with the collection, "2 of 1,234", skip and time taken', () => {
    assert.equal(lines[0], '// shop.orders · account "Local"');
    assert.equal(lines[1], '// 2 of 1,234 · skip 20 · 35 ms');
    assert.equal(lines[2], '// q: {"status":"open"} · limit: 2');
  });

  it('shows numbers exactly as the service sent them', () => {
    assert.match(rendered.text, /"n": 9007199254740993,/);
    assert.match(rendered.text, /"price": 1\.50/);
  });

  it('is JSON with comments holding the documents, and knows the line of each', () => {
    assert.deepEqual(parseJsonc(rendered.text), JSON.parse(JSON.stringify(documents)));
    assert.deepEqual(
      rendered.documents.map((document) => [lines[document.line], document.id]),
      [
        ['  {', { $oid: '4ffde1398c1a4b6d6c000001' }],
        ['  {', 'plain'],
      ],
    );
  });

  it('says when nothing matches and when the service sent no total', () => {
    const none = renderFindResults({ accountLabel: 'L', request, skip: 0, page: { documents: [], total: 0 }, elapsedMs: 1 });
    assert.match(none.text, /0 of 0/);
    assert.match(none.text, /No document matches/);
    const noTotal = renderFindResults({
      accountLabel: 'L',
      request,
      skip: 0,
      page: { documents: documents.slice(0, 1), total: undefined },
      elapsedMs: 1,
    });
    assert.match(noTotal.text, /1 \(the service sent no total\)/);
  });

  it('reports an update with the count before it and the service’s answer', () => {
    const update: UpdateRequest = {
      kind: 'update',
      database: 'shop',
      collection: 'orders',
      update: { criteria: { a: 1 }, object: { $inc: { n: 1 } }, multi: true },
    };
    const text = renderUpdateResults({
      accountLabel: 'L',
      request: update,
      matched: 3,
      answer: { ok: 1 },
      elapsedMs: 12,
    });
    assert.match(text, /\/\/ 3 matched before the update · multi: true · upsert: false · 12 ms/);
    assert.match(text, /\/\/ The service answered:\n\{\n {2}"ok": 1\n\}\n$/);
  });
});
