import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { DbHostClient } from '../../../src/client/dbHostClient';
import { isServiceError } from '../../../src/core/api/serviceError';
import { previewInCore } from '../../../src/core/bulk/previewInCore';
import { UpdateFailure } from '../../../src/core/bulk/updateOperators';
import type { UpdatePreview } from '../../../src/core/bulk/updatePreview';
import type { JsonObject, JsonValue } from '../../../src/core/json/lossless';
import { stringifyLossless } from '../../../src/core/json/lossless';
import type { InProcessService } from '../../support/testService';
import { startServiceInProcess } from '../../support/testService';

const KEY = 'update-preview-property-key';
const DB = 'property';

/** Dates as a marker: `$currentDate` writes the time of the write, which a dry run cannot know. */
const comparable = (value: JsonValue): string => stringifyLossless(value).replace(/\{"\$date":"[^"]*"\}/g, '"<date>"');

const small = fc.integer({ min: -20, max: 20 });
const scalar = fc.oneof(small, fc.constantFrom('x', 'y', ''), fc.boolean(), fc.constant(null));

const documents = fc
  .array(
    fc.record(
      {
        a: small,
        b: fc.oneof(small, fc.constantFrom('text', 'other'), fc.double({ min: -5, max: 5, noNaN: true })),
        arr: fc.array(fc.oneof(small, fc.constantFrom('p', 'q')), { maxLength: 4 }),
        o: fc.record({ x: small }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((docs) => docs.map((doc, index) => ({ _id: index, ...doc }) as JsonObject));

/** One operator of every kind the local service supports, with arguments that fit and some that do not. */
const entry = (name: string, args: JsonObject): [string, JsonObject] => [name, args];

const operator: fc.Arbitrary<[string, JsonObject]> = fc.oneof(
  fc.record({ f: fc.constantFrom('a', 'b', 'o.x', 'new', 'arr.1'), v: scalar }).map(({ f, v }) => entry('$set', { [f]: v })),
  fc.constantFrom('a', 'b', 'o.x', 'arr', 'missing').map((f) => entry('$unset', { [f]: '' })),
  fc.record({ f: fc.constantFrom('a', 'b', 'o.x', 'new'), v: small }).map(({ f, v }) => entry('$inc', { [f]: v })),
  fc.record({ f: fc.constantFrom('a', 'b', 'new'), v: fc.integer({ min: -3, max: 3 }) }).map(({ f, v }) => entry('$mul', { [f]: v })),
  fc
    .record({ op: fc.constantFrom('$min', '$max'), f: fc.constantFrom('a', 'b', 'new'), v: small })
    .map(({ op, f, v }) => entry(op, { [f]: v })),
  fc.record({ f: fc.constantFrom('a', 'b', 'o'), to: fc.constantFrom('renamed', 'c') }).map(({ f, to }) => entry('$rename', { [f]: to })),
  fc
    .record({ f: fc.constantFrom('arr', 'a', 'fresh'), v: fc.oneof(small, fc.record({ $each: fc.array(small, { maxLength: 3 }) })) })
    .map(({ f, v }) => entry('$push', { [f]: v })),
  fc
    .record({
      f: fc.constantFrom('arr', 'b'),
      v: fc.oneof(
        small,
        small.map((n) => ({ $gte: n })),
      ),
    })
    .map(({ f, v }) => entry('$pull', { [f]: v })),
  fc.record({ f: fc.constantFrom('arr', 'a'), v: fc.array(small, { maxLength: 3 }) }).map(({ f, v }) => entry('$pullAll', { [f]: v })),
  fc.record({ f: fc.constantFrom('arr', 'b'), v: fc.constantFrom(1, -1) }).map(({ f, v }) => entry('$pop', { [f]: v })),
  fc
    .record({ f: fc.constantFrom('arr', 'fresh'), v: fc.oneof(small, fc.constantFrom('p')) })
    .map(({ f, v }) => entry('$addToSet', { [f]: v })),
  fc
    .record({ f: fc.constantFrom('a', 'b'), how: fc.constantFrom('and', 'or', 'xor'), v: fc.integer({ min: 0, max: 15 }) })
    .map(({ f, how, v }) => entry('$bit', { [f]: { [how]: v } })),
  fc.constantFrom('when', 'o.at').map((f) => entry('$currentDate', { [f]: true })),
  small.map((v) => entry('$setOnInsert', { inserted: v })),
);

const updates = fc
  .uniqueArray(operator, { minLength: 1, maxLength: 2, selector: ([name]) => name })
  .map((ops) => Object.fromEntries(ops) as JsonObject);

async function refusal(send: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await send();
    return undefined;
  } catch (error) {
    if (isServiceError(error) && error.kind === 'http' && error.status !== undefined && error.status < 500) return error.message;
    throw error;
  }
}

describe('local service: the dry run shows what the bulk update then writes (property)', function () {
  this.timeout(120_000);
  let running: InProcessService;
  let client: DbHostClient;
  let run = 0;

  before(async () => {
    running = await startServiceInProcess({ apiKeys: [KEY] });
    client = running.client();
    await client.createDatabase(DB, 'sandbox');
  });
  after(() => running.stop());

  it('for every update operator: each sampled after is the stored document, and a previewed error is a refused update', async () => {
    await fc.assert(
      fc.asyncProperty(documents, updates, async (docs, object) => {
        const col = `c${run++}`;
        for (const doc of docs) await client.createDocument(DB, col, doc, { safe: true });
        const before = (await client.listDocuments(DB, col, { sort: { _id: 1 } })).documents;
        let preview: UpdatePreview | undefined;
        const previewRefusal = await refusal(
          async () => (preview = await client.previewUpdate(DB, col, { criteria: {}, object, multi: true })),
        );
        const updateRefusal = await refusal(() => client.updateDocuments(DB, col, { criteria: {}, object, multi: true, safe: true }));
        const after = (await client.listDocuments(DB, col, { sort: { _id: 1 } })).documents;
        if (previewRefusal !== undefined) {
          assert.notEqual(updateRefusal, undefined, `the dry run refused (${previewRefusal}) but the update went through`);
          assert.equal(comparable(after), comparable(before));
          return;
        }
        const sample = preview!.sample;
        assert.equal(preview!.matched, docs.length);
        assert.equal(sample.length, docs.length);
        const failures = sample.filter((item) => 'error' in item);
        if (failures.length > 0) {
          assert.notEqual(updateRefusal, undefined, `the dry run showed ${stringifyLossless(failures)} but the update went through`);
          assert.equal(comparable(after), comparable(before), 'a refused bulk update changes nothing');
          return;
        }
        assert.equal(updateRefusal, undefined, `the dry run showed no error but the update was refused: ${updateRefusal}`);
        const afters = sample.map((item) => ('after' in item ? item.after : item.before));
        assert.equal(comparable(after), comparable(afters));
        assert.equal(comparable(sample.map((item) => item.before)), comparable(before));
      }),
      { numRuns: 60 },
    );
  });

  it('the preview the extension computes for a service without a dry run shows what the service’s own dry run shows', async () => {
    await fc.assert(
      fc.asyncProperty(documents, updates, async (docs, object) => {
        const col = `c${run++}`;
        for (const doc of docs) await client.createDocument(DB, col, doc, { safe: true });
        const request = { criteria: {}, object, multi: true };
        let service: UpdatePreview | undefined;
        const serviceRefusal = await refusal(async () => (service = await client.previewUpdate(DB, col, request)));
        let core: UpdatePreview | undefined;
        let coreRefusal: string | undefined;
        try {
          core = await previewInCore(client, DB, col, request);
        } catch (error) {
          if (!(error instanceof UpdateFailure)) throw error;
          coreRefusal = error.message;
        }
        if (serviceRefusal !== undefined || coreRefusal !== undefined) {
          const coreFailsEverywhere = core !== undefined && core.sample.every((item) => 'error' in item);
          assert.ok(
            (serviceRefusal !== undefined) === (coreRefusal !== undefined || coreFailsEverywhere),
            `service: ${serviceRefusal ?? 'previewed'}; extension: ${coreRefusal ?? stringifyLossless(core!.sample)}`,
          );
          return;
        }
        const shown = (preview: UpdatePreview) => preview.sample.map((item) => ('error' in item ? 'error' : comparable(item.after)));
        assert.deepEqual(shown(core!), shown(service!), `update ${stringifyLossless(object)} on ${stringifyLossless(docs)}`);
        assert.equal(core!.matched, service!.matched);
      }),
      { numRuns: 150 },
    );
  });
});
