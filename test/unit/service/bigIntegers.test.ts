import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import type { JsonObject, JsonValue } from '../../../src/core/json/lossless';
import { LosslessNumber } from '../../../src/core/json/lossless';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess, temporaryDirectory } from '../../support/testService';

const KEY = 'big-integers-key';
const BIG = '9007199254740993';
const BIGGER = '-9223372036854775807';

/** The exact text of a number the client read, whichever form parseLossless gave it. */
function numberText(value: JsonValue | undefined): string {
  if (value instanceof LosslessNumber) return value.text;
  if (typeof value === 'number') return String(value);
  throw new assert.AssertionError({ message: `expected a number, got ${JSON.stringify(value)}` });
}

describe('local service: 64-bit integers beyond 2^53 are kept exactly', function () {
  this.timeout(30_000);
  const dataDir = temporaryDirectory('big-integers');
  let running: InProcessService;
  let client: DbHostClient;

  const fetchDoc = async (id: JsonValue): Promise<{ document: JsonObject; text: string }> => client.getDocument('numbers', 'values', id);

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY], dataDir, keepData: true });
    client = running.client();
    await client.createDatabase('numbers', 'sandbox');
  });
  after(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a created big integer with its exact text, in the document and in the list', async () => {
    await client.createDocument(
      'numbers',
      'values',
      { _id: 'created', n: new LosslessNumber(BIG), nested: { m: [new LosslessNumber(BIGGER)] }, price: new LosslessNumber('1.50') },
      { safe: true },
    );
    const { document, text } = await fetchDoc('created');
    assert.match(text, new RegExp(`"n":\\s*${BIG}\\b`));
    assert.equal(numberText(document.n), BIG);
    assert.equal(numberText(((document.nested as JsonObject).m as JsonValue[])[0]), BIGGER);
    assert.equal(document.price, 1.5, 'a decimal is a double, as in the database');
    const page = await client.listDocuments('numbers', 'values', { q: { _id: 'created' } });
    assert.equal(numberText(page.documents[0].n), BIG);
  });

  it('keeps the big integer when another field of the document is updated', async () => {
    await client.updateDocument('numbers', 'values', 'created', { $set: { label: 'touched' } }, { safe: true });
    const { document } = await fetchDoc('created');
    assert.equal(document.label, 'touched');
    assert.equal(numberText(document.n), BIG);
  });

  it('stores a big integer set through PUT $set and one in a replacement document', async () => {
    await client.createDocument('numbers', 'values', { _id: 'set', n: 1 }, { safe: true });
    await client.updateDocument('numbers', 'values', 'set', { $set: { n: new LosslessNumber('9007199254740995') } }, { safe: true });
    assert.equal(numberText((await fetchDoc('set')).document.n), '9007199254740995');
    await client.updateDocument('numbers', 'values', 'set', { n: new LosslessNumber('9223372036854775807') }, { safe: true });
    assert.equal(numberText((await fetchDoc('set')).document.n), '9223372036854775807');
  });

  it('increments a big integer exactly', async () => {
    await client.createDocument('numbers', 'values', { _id: 'counter', n: new LosslessNumber(BIG) }, { safe: true });
    await client.updateDocument('numbers', 'values', 'counter', { $inc: { n: 2 } }, { safe: true });
    assert.equal(numberText((await fetchDoc('counter')).document.n), '9007199254740995');
    await client.updateDocument('numbers', 'values', 'counter', { $inc: { n: new LosslessNumber('-9007199254740990') } }, { safe: true });
    assert.equal((await fetchDoc('counter')).document.n, 5);
  });

  it('keeps a big integer whose text a double also prints (1914628720926353200), and increments it exactly', async () => {
    // A double holds 1914628720926353152 and prints it as 1914628720926353200: the parser keeps it a plain number.
    const text = '1914628720926353200';
    const answer = await running.raw('POST', '/databases/numbers/collections/rounded/documents', {
      key: KEY,
      body: `{"document": {"_id": "round", "n": ${text}}, "safe": true}`,
    });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(numberText((await client.getDocument('numbers', 'rounded', 'round')).document.n), text);
    assert.match((await client.getDocument('numbers', 'rounded', 'round')).text, /"n":\s*1914628720926353200\b/);
    await client.updateDocument('numbers', 'rounded', 'round', { $inc: { n: 1 } }, { safe: true });
    assert.equal(numberText((await client.getDocument('numbers', 'rounded', 'round')).document.n), '1914628720926353201');
  });

  it('finds the document by equality on the big integer and by $gt', async () => {
    const equal = await client.listDocuments('numbers', 'values', { q: { n: new LosslessNumber(BIG) } });
    assert.deepEqual(
      equal.documents.map((doc) => doc._id),
      ['created'],
    );
    const greater = await client.listDocuments('numbers', 'values', { q: { n: { $gt: 1_000_000 } }, sort: { n: 1 } });
    assert.deepEqual(
      greater.documents.map((doc) => doc._id),
      ['created', 'set'],
    );
  });

  it('reads, updates and deletes a document whose _id is a big integer by its path, never its rounded neighbour', async () => {
    const neighbour = '9007199254740992';
    await client.createDocument('numbers', 'values', { _id: new LosslessNumber(neighbour), which: 'neighbour' }, { safe: true });
    await client.createDocument('numbers', 'values', { _id: new LosslessNumber(BIG), which: 'big' }, { safe: true });
    await client.createDocument('numbers', 'values', { _id: new LosslessNumber(BIGGER), which: 'bigger' }, { safe: true });
    assert.equal((await fetchDoc(new LosslessNumber(BIG))).document.which, 'big');
    assert.equal(numberText((await fetchDoc(new LosslessNumber(BIG))).document._id), BIG);
    assert.equal((await fetchDoc(new LosslessNumber(BIGGER))).document.which, 'bigger');
    await client.updateDocument('numbers', 'values', new LosslessNumber(BIG), { $set: { touched: true } }, { safe: true });
    assert.equal((await fetchDoc(new LosslessNumber(BIG))).document.touched, true);
    assert.equal((await fetchDoc(new LosslessNumber(neighbour))).document.touched, undefined);
    await client.deleteDocument('numbers', 'values', new LosslessNumber(BIG));
    await assert.rejects(fetchDoc(new LosslessNumber(BIG)), { status: 404 });
    assert.equal((await fetchDoc(new LosslessNumber(neighbour))).document.which, 'neighbour');
    await client.deleteDocument('numbers', 'values', new LosslessNumber(neighbour));
    await client.deleteDocument('numbers', 'values', new LosslessNumber(BIGGER));
  });

  it('still has every big integer exactly after a restart (journal replayed)', async () => {
    await running.service.close();
    running = await startServiceInProcess({ apiKeys: [KEY], dataDir, keepData: true });
    client = running.client();
    const created = (await fetchDoc('created')).document;
    assert.equal(numberText(created.n), BIG);
    assert.equal(numberText(((created.nested as JsonObject).m as JsonValue[])[0]), BIGGER);
    assert.equal(numberText((await fetchDoc('set')).document.n), '9223372036854775807');
  });

  it('still has them after a second restart (snapshot written from the replayed state)', async () => {
    await running.service.close();
    running = await startServiceInProcess({ apiKeys: [KEY], dataDir, keepData: true });
    client = running.client();
    assert.equal(numberText((await fetchDoc('created')).document.n), BIG);
  });
});
