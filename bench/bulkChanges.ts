import { DbHostClient } from '../src/client/dbHostClient';
import { applyUndo } from '../src/core/bulk/applyUndo';
import { MAX_UNDO_DOCUMENTS, idKey, readByIds, readMatching } from '../src/core/bulk/changeImages';
import { previewInCore } from '../src/core/bulk/previewInCore';
import type { ChangeEntry } from '../src/core/bulk/undoPlan';
import { changeEntries, planUndo } from '../src/core/bulk/undoPlan';
import type { JsonObject } from '../src/core/json/lossless';
import { parseLossless, stringifyLossless } from '../src/core/json/lossless';
import { FaultProxy } from '../test/support/faultProxy';
import type { Figure } from './support/figure';
import { figure } from './support/figure';
import { BENCH_DB, BIG, BIG_COUNT } from './support/seedAccount';
import { median, since } from './support/stats';

const UNDO_COUNT = 10_000;
const RUNS = 2;

/** Requests and bytes (both ways) a piece of work costs the service, counted at a proxy in front of it. */
async function costOf(url: string, apiKey: string, work: (client: DbHostClient) => Promise<unknown>) {
  const proxy = await FaultProxy.start(url);
  try {
    await work(new DbHostClient({ baseUrl: proxy.url, apiKey }));
    const bytes = proxy.requests.reduce((sum, request) => sum + request.bodyBytes + request.responseBytes, 0);
    return {
      requests: proxy.requests.length,
      bytes,
      paths: proxy.requests.map((request) => `${request.method} ${request.path.split('/').pop()}`),
    };
  } finally {
    await proxy.close();
  }
}

async function previewFigures(url: string, apiKey: string): Promise<Figure[]> {
  const request = { criteria: {}, object: { $set: { state: 'previewed' } }, multi: true, upsert: false };
  const dryRun = await costOf(url, apiKey, async (client) => {
    const preview = await client.previewUpdate(BENCH_DB, BIG, request);
    if (preview.matched !== BIG_COUNT || preview.sample.length !== 20) throw new Error(`the dry run matched ${preview.matched}`);
  });
  const inCore = await costOf(url, apiKey, async (client) => {
    const preview = await previewInCore(client, BENCH_DB, BIG, request);
    if (preview.matched !== BIG_COUNT || preview.sample.length !== 20)
      throw new Error(`the extension's preview matched ${preview.matched}`);
  });
  // The baseline: one count (the first page's X-Service-Count, one document) and one read of the 20 documents a sample shows.
  const baseline = await costOf(url, apiKey, async (client) => {
    await client.listDocuments(BENCH_DB, BIG, { q: {}, limit: 1 });
    await client.listDocuments(BENCH_DB, BIG, { q: {}, limit: 20 });
  });
  const match = `${BIG_COUNT.toLocaleString('en-US')}-document match`;
  return [
    figure({
      name: `bulk preview of a ${match} (service dry run): requests`,
      value: dryRun.requests,
      unit: '',
      baselineName: 'one count + one sampled read',
      baseline: baseline.requests,
      target: '≤ one count + one sampled read',
      met: dryRun.requests <= baseline.requests,
      note: dryRun.paths.join(', '),
    }),
    figure({
      name: `bulk preview of a ${match} (service dry run): bytes both ways`,
      value: dryRun.bytes,
      unit: 'B',
      baselineName: 'one count + one read of 20 documents',
      baseline: baseline.bytes,
      note: 'each of the 20 sampled documents comes before and after the update',
    }),
    figure({
      name: `bulk preview of a ${match} (extension's fallback, no dry run): requests`,
      value: inCore.requests,
      unit: '',
      baselineName: 'one count + one sampled read',
      baseline: baseline.requests,
      note: 'the interface has no sampled read: 1 + 19 one-document GETs for a match larger than the sample (2 GETs for one no larger)',
    }),
    figure({
      name: `bulk preview of a ${match} (extension's fallback, no dry run): bytes both ways`,
      value: inCore.bytes,
      unit: 'B',
      baselineName: 'one count + one read of 20 documents',
      baseline: baseline.bytes,
      note: 'the count and first match from one one-document read, then one one-document read per further sampled place',
    }),
  ];
}

/**
 * A bulk update as the extension runs it, images kept for its undo (bulkUpdateFlow.ts without its questions):
 * the dry run, the documents before, the PUT, the documents after, the kept lines; returns those lines.
 */
async function change(client: DbHostClient, criteria: JsonObject, object: JsonObject): Promise<string[]> {
  await client.previewUpdate(BENCH_DB, BIG, { criteria, object, multi: true, upsert: false });
  const before = await readMatching(client, BENCH_DB, BIG, criteria, MAX_UNDO_DOCUMENTS + 1);
  if (!('documents' in before)) throw new Error(`not kept: ${before.tooLarge}`);
  await client.updateDocuments(BENCH_DB, BIG, { criteria, object, multi: true, safe: true });
  const after = await readByIds(
    client,
    BENCH_DB,
    BIG,
    before.documents.map((doc) => doc._id ?? null),
  );
  return changeEntries(before.documents, after).map((entry) => stringifyLossless(entry));
}

/** Undo Last Change as the extension runs it (undoLastChange.ts without its question), from the kept lines. */
async function undo(client: DbHostClient, lines: readonly string[]): Promise<void> {
  const entries = lines.map((line) => parseLossless(line) as unknown as ChangeEntry);
  const current = await readByIds(
    client,
    BENCH_DB,
    BIG,
    entries.map((entry) => entry.id),
  );
  const plan = planUndo('update', entries, current);
  const afterOf = new Map(entries.filter((entry) => entry.after).map((entry) => [idKey(entry.id), entry.after!]));
  const result = await applyUndo(client, BENCH_DB, BIG, plan, (doc) => afterOf.get(idKey(doc._id)));
  if (result.failed.length > 0 || result.changedSince.length > 0 || result.restored !== UNDO_COUNT)
    throw new Error(
      `the undo restored ${result.restored}, failed ${result.failed.length} (${result.failed[0]?.reason ?? ''}), left ${result.changedSince.length}`,
    );
}

async function undoFigure(url: string, apiKey: string, label: string, object: JsonObject): Promise<Figure> {
  const client = new DbHostClient({ baseUrl: url, apiKey, timeoutMs: 600_000 });
  const criteria = { n: { $lt: UNDO_COUNT } };
  const texts = async () => {
    const images = await readMatching(client, BENCH_DB, BIG, criteria, UNDO_COUNT);
    if (!('documents' in images)) throw new Error('too many');
    return images.documents.map((doc) => stringifyLossless(doc)).sort();
  };
  const original = await texts();
  const changes: number[] = [];
  const undos: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let start = performance.now();
    const lines = await change(client, criteria, object);
    changes.push(since(start));
    start = performance.now();
    await undo(client, lines);
    undos.push(since(start));
  }
  const restored = await texts();
  if (restored.length !== original.length || restored.some((text, index) => text !== original[index]))
    throw new Error(`the undo of ${label} did not put back every document byte for byte`);
  const ratio = median(undos) / median(changes);
  return figure({
    name: `undo of ${UNDO_COUNT.toLocaleString('en-US')} documents after ${label}`,
    value: median(undos),
    unit: 'ms',
    baselineName: 'the change itself (dry run, images, PUT)',
    baseline: median(changes),
    target: '≤ 2×',
    met: ratio <= 2,
    note: `median of ${RUNS}; every document back byte for byte`,
  });
}

/** Issue 25's figures: what a preview costs the service, and the undo beside the change it undoes. */
export async function measureBulkChanges(url: string, apiKey: string, step: (title: string) => void): Promise<Figure[]> {
  step(`bulk preview of a ${BIG_COUNT.toLocaleString('en-US')}-document match: requests and bytes at a proxy`);
  const figures = await previewFigures(url, apiKey);
  step(`undo of ${UNDO_COUNT.toLocaleString('en-US')} documents against the change itself`);
  figures.push(await undoFigure(url, apiKey, 'a Set of a new field (Change Rows…)', { $set: { state: 'changed' } }));
  figures.push(await undoFigure(url, apiKey, 'an $inc of a field with 10 values', { $inc: { group: 1 } }));
  return figures;
}
