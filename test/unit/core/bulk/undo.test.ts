import assert from 'node:assert/strict';
import type { DbHostClient } from '../../../../src/client/dbHostClient';
import { applyUndo } from '../../../../src/core/bulk/applyUndo';
import { idKey, readByIds, readMatching } from '../../../../src/core/bulk/changeImages';
import { previewInCore } from '../../../../src/core/bulk/previewInCore';
import { samplePositions } from '../../../../src/core/bulk/samplePositions';
import type { ChangeEntry, ChangeKind } from '../../../../src/core/bulk/undoPlan';
import { changeEntries, planUndo } from '../../../../src/core/bulk/undoPlan';
import type { JsonObject } from '../../../../src/core/json/lossless';
import { LosslessNumber, stringifyLossless } from '../../../../src/core/json/lossless';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess } from '../../../support/testService';

const DB = 'undo';

const texts = async (client: DbHostClient, col: string): Promise<string[]> =>
  (await client.listDocuments(DB, col, { sort: { _id: 1 }, limit: 100 })).documents.map((doc) => stringifyLossless(doc));

/** An update as the extension makes it: images before, the update, images after; then the undo. */
/** The undo of `entries` on `col`, planned against the documents the collection holds now. */
async function planAgainstNow(client: DbHostClient, kind: ChangeKind, col: string, entries: readonly ChangeEntry[]) {
  return planUndo(
    kind,
    entries,
    await readByIds(
      client,
      DB,
      col,
      entries.map((entry) => entry.id),
    ),
  );
}

async function changeThenUndo(client: DbHostClient, col: string, object: JsonObject, meanwhile: () => Promise<void> = async () => {}) {
  const before = await readMatching(client, DB, col, {}, 10_000);
  assert.ok('documents' in before);
  await client.updateDocuments(DB, col, { criteria: {}, object, multi: true, safe: true });
  const afterImages = await readByIds(
    client,
    DB,
    col,
    before.documents.map((doc) => doc._id!),
  );
  const entries = changeEntries(before.documents, afterImages);
  await meanwhile();
  const plan = await planAgainstNow(client, 'update', col, entries);
  const result = await applyUndo(client, DB, col, plan, (doc) => afterImages.get(idKey(doc._id)));
  return { plan, result };
}

describe('bulk changes: the sample and the undo', function () {
  this.timeout(60_000);
  let running: InProcessService;
  let client: DbHostClient;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: ['undo-key'] });
    client = running.client();
    await client.createDatabase(DB, 'sandbox');
  });
  after(() => running.stop());

  it('spreads the sample from the first match to the last, each position once', () => {
    assert.deepEqual(samplePositions(5), [0, 1, 2, 3, 4]);
    const spread = samplePositions(100_000);
    assert.equal(spread.length, 20);
    assert.equal(spread[0], 0);
    assert.equal(spread[19], 99_999);
    assert.equal(new Set(spread).size, 20);
    const gaps = spread.slice(1).map((position, index) => position - spread[index]);
    assert.ok(Math.max(...gaps) - Math.min(...gaps) <= 1, `even gaps: ${gaps.join(',')}`);
    assert.deepEqual(samplePositions(0), []);
    const justOver = samplePositions(21);
    assert.equal(new Set(justOver).size, 20);
    assert.deepEqual([justOver[0], justOver[19]], [0, 20]);
  });

  it("reads what the extension's own preview needs: the count and a small match in two reads, a large one a document per sampled place", async () => {
    await Promise.all(Array.from({ length: 60 }, (_, n) => client.createDocument(DB, 'sampled', { _id: n, even: n % 2 === 0 })));
    const reads: number[] = [];
    const counting = Object.create(client) as DbHostClient;
    counting.listDocuments = (db, col, query, options) => {
      reads.push(query?.limit ?? 0);
      return client.listDocuments(db, col, query, options);
    };
    const request = { object: { $set: { seen: true } }, multi: true, upsert: false };
    const large = await previewInCore(counting, DB, 'sampled', { ...request, criteria: {} });
    assert.equal(large.matched, 60);
    assert.deepEqual(
      large.sample.map((item) => item._id),
      samplePositions(60),
    );
    assert.deepEqual(reads, Array<number>(20).fill(1), 'one one-document read for the count, one per further sampled place');
    reads.length = 0;
    const small = await previewInCore(counting, DB, 'sampled', { ...request, criteria: { _id: { $lt: 15 } } });
    assert.equal(small.sample.length, 15);
    assert.deepEqual(reads, [1, 20], 'a match no larger than the sample: the count, then one read of it whole');
  });

  it('puts back every document byte for byte: 64-bit integers, dates, key order', async () => {
    for (let n = 0; n < 30; n++)
      await client.createDocument(DB, 'exact', {
        _id: n,
        big: new LosslessNumber('9007199254740993'),
        at: { $date: '2026-01-02T03:04:05.678Z' },
        z: n % 3 === 0 ? 'first' : 'other',
        a: { nested: [1, 2.5, { deep: n }] },
        ...(n % 2 ? { gone: true } : {}),
      });
    const original = await texts(client, 'exact');
    const { plan, result } = await changeThenUndo(client, 'exact', {
      $set: { z: 'changed', added: 1 },
      $unset: { gone: '' },
      $inc: { big: 1 },
      $rename: { a: 'moved' },
    });
    assert.notDeepEqual(plan.restore.length, 0);
    assert.equal(result.restored, 30);
    assert.deepEqual(result.failed, []);
    assert.deepEqual(await texts(client, 'exact'), original);
  });

  it('restores through grouped $set where the keys kept their order, and still byte for byte', async () => {
    for (let n = 0; n < 40; n++) await client.createDocument(DB, 'grouped', { _id: n, status: n % 2 ? 'open' : 'shut', total: n });
    const original = await texts(client, 'grouped');
    const { result } = await changeThenUndo(client, 'grouped', { $set: { status: 'archived' } });
    assert.equal(result.restored, 40);
    assert.deepEqual(await texts(client, 'grouped'), original);
  });

  it('undoes a change that added a field in a few grouped requests ($unset, and $set of what changed), byte for byte', async () => {
    for (let n = 0; n < 1200; n += 100)
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          client.createDocument(DB, 'added', { _id: n + i, status: (n + i) % 3 ? 'open' : 'shut', z: 1 }),
        ),
      );
    const original = (await readMatching(client, DB, 'added', {}, 10_000)) as { documents: JsonObject[] };
    const sent: string[] = [];
    const counting = Object.create(client) as DbHostClient;
    counting.updateDocuments = (db, col, update, options) => {
      sent.push('bulk');
      return client.updateDocuments(db, col, update, options);
    };
    counting.updateDocument = (db, col, id, document, body, options) => {
      sent.push('single');
      return client.updateDocument(db, col, id, document, body, options);
    };
    await client.updateDocuments(DB, 'added', {
      criteria: {},
      object: { $set: { status: 'archived', checked: true } },
      multi: true,
      safe: true,
    });
    const afterImages = await readByIds(
      client,
      DB,
      'added',
      original.documents.map((doc) => doc._id!),
    );
    const entries = changeEntries(original.documents, afterImages);
    const plan = await planAgainstNow(client, 'update', 'added', entries);
    const result = await applyUndo(counting, DB, 'added', plan, (doc) => afterImages.get(idKey(doc._id)));
    assert.equal(result.restored, 1200);
    // Two groups (open and shut), 800 open and 400 shut in slices of 100 _ids: 12 requests, none per document.
    assert.deepEqual(sent, Array<string>(12).fill('bulk'));
    const now = (await readMatching(client, DB, 'added', {}, 10_000)) as { documents: JsonObject[] };
    assert.deepEqual(
      now.documents.map((doc) => stringifyLossless(doc)).sort(),
      original.documents.map((doc) => stringifyLossless(doc)).sort(),
    );
  });

  it('leaves alone and lists a document changed or deleted since the change', async () => {
    for (let n = 0; n < 10; n++) await client.createDocument(DB, 'raced', { _id: n, v: n });
    const { plan, result } = await changeThenUndo(client, 'raced', { $inc: { v: 100 } }, async () => {
      await client.updateDocument(DB, 'raced', 3, { $set: { v: -1 } }, { safe: true });
      await client.deleteDocument(DB, 'raced', 4);
    });
    assert.deepEqual(
      plan.changedSince.map((entry) => [entry.id, entry.now]),
      [
        [3, 'changed'],
        [4, 'deleted'],
      ],
    );
    assert.equal(result.restored, 8);
    const now = (await client.listDocuments(DB, 'raced', { sort: { _id: 1 } })).documents;
    assert.deepEqual(
      now.map((doc) => doc.v),
      [0, 1, 2, -1, 5, 6, 7, 8, 9],
    );
  });

  it('inserts deleted documents again with their _id, unless one came back since', async () => {
    for (let n = 0; n < 5; n++) await client.createDocument(DB, 'deleted', { _id: `d${n}`, at: { $date: '2026-01-01T00:00:00.000Z' }, n });
    const before = (await client.listDocuments(DB, 'deleted', { sort: { _id: 1 } })).documents;
    const original = before.map((doc) => stringifyLossless(doc));
    for (const doc of before) await client.deleteDocument(DB, 'deleted', String(doc._id));
    await client.createDocument(DB, 'deleted', { _id: 'd2', n: 'someone else' });
    const entries = before.map((doc) => ({ id: doc._id!, before: doc, after: null }));
    const plan = await planAgainstNow(client, 'delete', 'deleted', entries);
    assert.deepEqual(plan.changedSince, [{ id: 'd2', now: 'inserted again' }]);
    const result = await applyUndo(client, DB, 'deleted', plan, () => undefined);
    assert.equal(result.reinserted, 4);
    const now = await texts(client, 'deleted');
    assert.deepEqual(
      now.filter((text) => !text.includes('"d2"')),
      original.filter((text) => !text.includes('"d2"')),
    );
    assert.ok(now.some((text) => text.includes('someone else')));
  });
});
