import * as assert from 'node:assert/strict';
import { runReadTool } from '../../../../src/core/aiTools/readToolRunner';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { parseLossless } from '../../../../src/core/json/lossless';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess } from '../../../support/testService';

const KEY = 'document-tool-key';
const ITEMS = 20_000;
const place = { database: 'store', collection: 'orders' };

/** A 10 MB order: small fields, a long text that fits, a huge array, objects and a text that do not fit beside it. */
function bigOrder(): JsonObject {
  const fieldsOf = (count: number, prefix: string) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, `${prefix}-${i}-`.padEnd(1_000, 'h')]));
  return {
    _id: 'order-1',
    customer: { name: 'Ada', city: 'Oslo' },
    summary: 's'.repeat(20_000),
    items: Array.from({ length: ITEMS }, (_, i) => ({ sku: `sku-${i}`, qty: i, note: 'n'.repeat(480) })),
    audit: 'a'.repeat(10_000),
    history: fieldsOf(60, 'h'),
    extra: fieldsOf(25, 'e'),
  } as JsonObject;
}

/** Every `dbhost_find {…}` call the answer spells out, as the tool input it names. */
function findCalls(answer: string): Record<string, unknown>[] {
  const calls: Record<string, unknown>[] = [];
  for (let at = answer.indexOf('dbhost_find {'); at >= 0; at = answer.indexOf('dbhost_find {', at + 1)) {
    const start = at + 'dbhost_find '.length;
    let depth = 0;
    let end = start;
    let inString = false;
    for (; end < answer.length; end++) {
      const c = answer[end];
      if (inString) {
        if (c === '\\') end++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) break;
    }
    calls.push(JSON.parse(answer.slice(start, end + 1)) as Record<string, unknown>);
  }
  return calls;
}

/** The one document of a find answer, which must hold it whole. */
function documentOf(answer: string): Record<string, unknown> {
  assert.match(answer, /^Documents 1–1 of 1 matching in store\.orders:\n/, answer.slice(0, 300));
  assert.doesNotMatch(answer, /cut/);
  return parseLossless(answer.split('\n')[1]) as Record<string, unknown>;
}

describe('AI tools: the document tool on a document larger than one answer', function () {
  this.timeout(60_000);
  let running: InProcessService;
  const order = bigOrder();

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY], empty: true });
    await running.client().createDatabase('store', 'sandbox');
    await running.client().createCollection('store', 'orders');
    await running.client().createDocument('store', 'orders', order, { safe: true });
  });
  after(async () => running.stop());

  const tool = (name: string, input: unknown) => runReadTool(running.client(), name, input, 'local');

  it('shows the fields that fit, names the rest, and its calls read every field not shown', async () => {
    const answer = await tool('dbhost_getDocument', { ...place, id: 'order-1' });
    assert.ok(answer.length <= 32_000, `${answer.length} characters`);
    const lines = answer.split('\n');
    assert.match(lines[0], /^The document of store\.orders\. It is [\d,]+ characters, more than the 32,000 one answer holds/);
    const shown = parseLossless(lines[1]) as Record<string, unknown>;
    assert.deepEqual(Object.keys(shown), ['_id', 'customer', 'summary']);
    assert.deepEqual(shown.customer, order.customer);
    const notShown = lines.find((line) => line.startsWith('Not shown: ')) ?? '';
    assert.match(notShown, /^Not shown: 4 top-level fields, [\d,]+ characters: /);
    for (const field of ['items', 'audit', 'history', 'extra']) assert.match(notShown, new RegExp(`"${field}" \\([\\d,]+ characters`));

    const collected: Record<string, unknown> = { ...shown };
    const calls = findCalls(answer);
    for (const call of calls) {
      assert.deepEqual(call.filter, { _id: 'order-1' });
      assert.equal(call.database, 'store');
      assert.equal(call.collection, 'orders');
    }
    // The calls that name whole fields: each answer holds its fields whole.
    for (const call of calls.filter(
      (c) => Object.values(c.projection as object).every((v) => v === 1) && !/\./.test(JSON.stringify(c.projection)),
    ))
      Object.assign(collected, documentOf(await tool('dbhost_find', call)));
    assert.equal(collected.audit, order.audit);
    assert.deepEqual(collected.extra, order.extra);

    // The huge array, in the slices the answer says: each whole, one after another.
    const slice = calls.find((c) => JSON.stringify(c.projection).includes('$slice'))!;
    const [from, count] = (slice.projection as { items: { $slice: [number, number] } }).items.$slice;
    assert.equal(from, 0);
    assert.match(answer, new RegExp(`then "\\$slice": \\[${count}, ${count}\\], \\[${count * 2}, ${count}\\] and so on up to 20,000`));
    const first = documentOf(await tool('dbhost_find', slice)).items as unknown[];
    const second = documentOf(await tool('dbhost_find', { ...slice, projection: { _id: 1, items: { $slice: [count, count] } } })).items;
    assert.deepEqual([...first, ...(second as unknown[])], (order.items as unknown[]).slice(0, 2 * count));

    // The object larger than an answer: by the paths of its parts, which the answer names.
    const part = calls.find((c) => JSON.stringify(c.projection).includes('history.'))!;
    const paths = Object.keys(part.projection as object);
    assert.ok(paths.length > 1 && paths.every((path, i) => path === `history.h${i}`), JSON.stringify(part.projection));
    assert.match(answer, /its 60 parts are "history\.h0", "history\.h1", .*and 48 more, the largest 1,008 characters/);
    const history = order.history as Record<string, unknown>;
    const expected = Object.fromEntries(paths.map((path) => [path.slice('history.'.length), history[path.slice('history.'.length)]]));
    assert.deepEqual(documentOf(await tool('dbhost_find', part)).history, expected);
  });

  it('gives a document that fits exactly as the service sent it', async () => {
    await running.client().createDocument('store', 'orders', { _id: 'small', n: 1 }, { safe: true });
    const answer = await tool('dbhost_getDocument', { ...place, id: 'small' });
    assert.match(answer, /^The document of store\.orders \(exactly as the service sent it\):\n/);
    assert.deepEqual(parseLossless(answer.slice(answer.indexOf('\n') + 1)), { _id: 'small', n: 1 });
  });
});
