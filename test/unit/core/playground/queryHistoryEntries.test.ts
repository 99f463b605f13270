import * as assert from 'node:assert/strict';
import { parse as parseJsonc } from 'jsonc-parser';
import { parseLossless } from '../../../../src/core/json/lossless';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { parsePlayground } from '../../../../src/core/playground/parsePlayground';
import type { FindRequest, UpdateRequest } from '../../../../src/core/playground/playgroundRequest';
import {
  HISTORY_LIMIT,
  describeRun,
  historyEntryOf,
  historyPlaygroundText,
  validEntries,
  withEntry,
} from '../../../../src/core/playground/queryHistoryEntries';

const find: FindRequest = {
  kind: 'find',
  database: 'shop',
  collection: 'orders',
  query: { q: parseLossless('{"n": 9007199254740993}') as JsonObject, sort: { n: -1 }, limit: 5 },
};
const update: UpdateRequest = {
  kind: 'update',
  database: 'shop',
  collection: 'orders',
  update: { criteria: { status: 'open' }, object: { $set: { status: 'done' } }, multi: true },
};

describe('query history entries', () => {
  const entry = historyEntryOf({ request: find, accountLabel: 'Local', count: 15, elapsedMs: 12.4 }, Date.UTC(2026, 10, 23, 13, 5), 'h1');

  it('keeps the query, account label, collection, time, count and duration', () => {
    assert.deepEqual(entry, {
      id: 'h1',
      at: Date.UTC(2026, 10, 23, 13, 5),
      accountLabel: 'Local',
      database: 'shop',
      collection: 'orders',
      kind: 'find',
      queryText: '{"account":"Local","database":"shop","collection":"orders","q":{"n":9007199254740993},"sort":{"n":-1},"limit":5}',
      count: 15,
      elapsedMs: 12,
    });
    assert.equal(describeRun(entry), 'find · 15 documents · 12 ms');
    const updated = historyEntryOf({ request: update, accountLabel: 'Local', count: undefined, elapsedMs: 40 }, 0, 'h2');
    assert.equal(describeRun(updated), 'update · count unknown · 40 ms');
    assert.match(updated.queryText, /"update":\{"criteria":\{"status":"open"\},"object":\{"\$set":\{"status":"done"\}\},"multi":true\}/);
  });

  it('opens as a playground that parses back to the same request, numbers exact', () => {
    const text = historyPlaygroundText(entry);
    assert.match(text, /^\/\/ From the query history: ran 2026-11-23 13:05:00 UTC on account "Local" \(find · 15 documents · 12 ms\)\.\n/);
    const parsed = parsePlayground(text);
    assert.deepEqual(parsed.fileProblems, []);
    assert.deepEqual(parsed.entries[0]?.request, { ...find, account: 'Local' });
    assert.ok(Array.isArray(parseJsonc(text)));
  });

  it(`keeps the newest ${HISTORY_LIMIT} runs, newest first`, () => {
    let history = validEntries(undefined);
    for (let n = 0; n < HISTORY_LIMIT + 5; n++) history = withEntry(history, { ...entry, id: `h${n}` });
    assert.equal(history.length, HISTORY_LIMIT);
    assert.equal(history[0]?.id, `h${HISTORY_LIMIT + 4}`);
  });

  it('drops whatever in the stored state is not an entry', () => {
    assert.deepEqual(validEntries([entry, { id: 3 }, null, 'x']), [entry]);
    assert.deepEqual(validEntries({ entries: [] }), []);
  });
});
