import * as assert from 'node:assert/strict';
import { parse as parseJsonc } from 'jsonc-parser';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { parseLossless } from '../../../../src/core/json/lossless';
import type { FindRequest } from '../../../../src/core/playground/playgroundRequest';
import { renderRunAll } from '../../../../src/core/playground/runAllText';

const find = (collection: string): FindRequest => ({ kind: 'find', database: 'shop', collection, query: {} });

describe('Run All results text', () => {
  const documents = parseLossless('[{"_id": 1, "n": 9007199254740993}, {"_id": 2}]') as JsonObject[];
  const rendered = renderRunAll('orders.query.json', [
    { kind: 'page', index: 0, request: find('orders'), accountLabel: 'Local', skip: 0, page: { documents, total: 1234 }, elapsedMs: 35.4 },
    { kind: 'failed', index: 1, request: find('missing'), message: 'The service refused the query: no such collection' },
    { kind: 'skipped', index: 2, reason: 'the query has 2 problems (see the Problems view)' },
    { kind: 'page', index: 3, request: find('empty'), accountLabel: 'Local', skip: 20, page: { documents: [], total: 20 }, elapsedMs: 2 },
  ]);
  const lines = rendered.text.split('\n');

  it('heads each query\'s section with "N of M · ms"', () => {
    assert.deepEqual(
      rendered.headings.map((line) => lines[line]),
      [
        '  // ── Query 1 · shop.orders · 2 of 1,234 · 35 ms',
        '  // ── Query 2 · shop.missing',
        '  // ── Query 3',
        '  // ── Query 4 · shop.empty · 0 of 20 · 2 ms',
      ],
    );
  });

  it('says why a query gave no documents', () => {
    assert.ok(lines.includes('  // Failed: The service refused the query: no such collection'));
    assert.ok(lines.includes('  // Not run: the query has 2 problems (see the Problems view)'));
  });

  it('is JSON with comments: one entry per query, the documents exact, each document line known', () => {
    assert.deepEqual(parseJsonc(rendered.text), [JSON.parse(JSON.stringify(documents)), null, null, []]);
    assert.match(rendered.text, /"n": 9007199254740993/);
    assert.deepEqual(
      rendered.documents.map((document) => [document.section, lines[document.line], document.id]),
      [
        [0, '    {', 1],
        [0, '    {', 2],
      ],
    );
  });
});
