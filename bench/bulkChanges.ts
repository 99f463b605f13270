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
import type { SeededService } from './support/benchData';
import { withSeededService } from './support/benchData';
import type { BenchSection } from './support/section';
import { median, since } from './support/stats';

const UNDO_COUNT = 10_000;
const RUNS = 2;
const SMOKE = { undoCount: 200, runs: 1 };

interface BulkSizes {
  undoCount: number;
  runs: number;
}

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

async function previewFigures(service: SeededService): Promise<Figure[]> {
  const { url, key: apiKey, db, big, bigCount } = service;
  const request = { criteria: {}, object: { $set: { state: 'previewed' } }, multi: true, upsert: false };
  const dryRun = await costOf(url, apiKey, async (client) => {
    const preview = await client.previewUpdate(db, big, request);
    if (preview.matched !== bigCount || preview.sample.length !== 20) throw new Error(`the dry run matched ${preview.matched}`);
  });
  const inCore = await costOf(url, apiKey, async (client) => {
    const preview = await previewInCore(client, db, big, request);
    if (preview.matched !== bigCount || preview.sample.length !== 20) throw new Error(`the extension's preview matched ${preview.matched}`);
  });
  // The baseline: one count (the first page's X-Service-Count, one document) and one read of the 20 documents a sample shows.
  const baseline = await costOf(url, apiKey, async (client) => {
    await client.listDocuments(db, big, { q: {}, limit: 1 });
    await client.listDocuments(db, big, { q: {}, limit: 20 });
  });
  const match = `${bigCount.toLocaleString('en-US')}-document match`;
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
async function change(client: DbHostClient, service: SeededService, criteria: JsonObject, object: JsonObject): Promise<string[]> {
  const { db, big } = service;
  await client.previewUpdate(db, big, { criteria, object, multi: true, upsert: false });
  const before = await readMatching(client, db, big, criteria, MAX_UNDO_DOCUMENTS + 1);
  if (!('documents' in before)) throw new Error(`not kept: ${before.tooLarge}`);
  await client.updateDocuments(db, big, { criteria, object, multi: true, safe: true });
  const after = await readByIds(
    client,
    db,
    big,
    before.documents.map((doc) => doc._id ?? null),
  );
  return changeEntries(before.documents, after).map((entry) => stringifyLossless(entry));
}

/** Undo Last Change as the extension runs it (undoLastChange.ts without its question), from the kept lines. */
async function undo(client: DbHostClient, service: SeededService, lines: readonly string[], count: number): Promise<void> {
  const { db, big } = service;
  const entries = lines.map((line) => parseLossless(line) as unknown as ChangeEntry);
  const current = await readByIds(
    client,
    db,
    big,
    entries.map((entry) => entry.id),
  );
  const plan = planUndo('update', entries, current);
  const afterOf = new Map(entries.filter((entry) => entry.after).map((entry) => [idKey(entry.id), entry.after!]));
  const result = await applyUndo(client, db, big, plan, (doc) => afterOf.get(idKey(doc._id)));
  if (result.failed.length > 0 || result.changedSince.length > 0 || result.restored !== count)
    throw new Error(
      `the undo restored ${result.restored}, failed ${result.failed.length} (${result.failed[0]?.reason ?? ''}), left ${result.changedSince.length}`,
    );
}

async function undoFigure(service: SeededService, sizes: BulkSizes, label: string, object: JsonObject): Promise<Figure> {
  const { db, big } = service;
  const client = new DbHostClient({ baseUrl: service.url, apiKey: service.key, timeoutMs: 600_000 });
  const criteria = { n: { $lt: sizes.undoCount } };
  const texts = async () => {
    const images = await readMatching(client, db, big, criteria, sizes.undoCount);
    if (!('documents' in images)) throw new Error('too many');
    return images.documents.map((doc) => stringifyLossless(doc)).sort();
  };
  const original = await texts();
  const changes: number[] = [];
  const undos: number[] = [];
  for (let run = 0; run < sizes.runs; run++) {
    let start = performance.now();
    const lines = await change(client, service, criteria, object);
    changes.push(since(start));
    start = performance.now();
    await undo(client, service, lines, sizes.undoCount);
    undos.push(since(start));
  }
  const restored = await texts();
  if (restored.length !== original.length || restored.some((text, index) => text !== original[index]))
    throw new Error(`the undo of ${label} did not put back every document byte for byte`);
  const ratio = median(undos) / median(changes);
  return figure({
    name: `undo of ${sizes.undoCount.toLocaleString('en-US')} documents after ${label}`,
    value: median(undos),
    unit: 'ms',
    baselineName: 'the change itself (dry run, images, PUT)',
    baseline: median(changes),
    target: '≤ 2×',
    met: ratio <= 2,
    note: `median of ${sizes.runs}; every document back byte for byte`,
  });
}

/** Issue 25's figures: what a preview costs the service, and the undo beside the change it undoes. */
async function measureBulkChanges(service: SeededService, sizes: BulkSizes, step: (title: string) => void): Promise<Figure[]> {
  step(`bulk preview of a ${service.bigCount.toLocaleString('en-US')}-document match: requests and bytes at a proxy`);
  const figures = await previewFigures(service);
  step(`undo of ${sizes.undoCount.toLocaleString('en-US')} documents against the change itself`);
  figures.push(await undoFigure(service, sizes, 'a Set of a new field (Change Rows…)', { $set: { state: 'changed' } }));
  figures.push(await undoFigure(service, sizes, 'an $inc of a field with 10 values', { $inc: { group: 1 } }));
  return figures;
}

export const section: BenchSection = {
  name: 'bulk',
  title: 'what a bulk preview costs the service, and an undo against its change (issue 25)',
  smoke: `a 2,000-document match instead of 100,000, the undo of ${SMOKE.undoCount} documents once instead of ${UNDO_COUNT.toLocaleString('en')} twice`,
  run: (context) =>
    withSeededService(context, (service) =>
      measureBulkChanges(service, context.smoke ? SMOKE : { undoCount: UNDO_COUNT, runs: RUNS }, context.step),
    ),
};
