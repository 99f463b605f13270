import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { generatedIdHex, newIdSeed, withId } from '../../../../src/core/transfer/importIds';
import { DoneMark, canResume, importStateKey } from '../../../../src/core/transfer/importState';
import type { ImportState } from '../../../../src/core/transfer/importState';
import { dryRunText, failureReportText } from '../../../../src/core/transfer/reportText';
import { storedEqual } from '../../../../src/core/transfer/storedEqual';
import { LosslessNumber } from '../../../../src/core/json/lossless';

describe('core/transfer: import ids, resume state and reports', () => {
  it('gives record n the same object id every time from one seed, distinct for distinct records', () => {
    const seed = newIdSeed(Date.UTC(2024, 0, 1), (size) => new Uint8Array(size).fill(0xab));
    assert.equal(generatedIdHex(seed, 0), '65920080ababababab000000');
    assert.equal(generatedIdHex(seed, 0x1000000 + 5), '65920081ababababab000005');
    fc.assert(
      fc.property(
        fc.nat({ max: 2 ** 30 }),
        fc.nat({ max: 2 ** 30 }),
        (a, b) => (generatedIdHex(seed, a) === generatedIdHex(seed, b)) === (a === b),
      ),
    );
    assert.deepEqual(withId({ a: 1 }, seed, 3), { _id: { $oid: '65920080ababababab000003' }, a: 1 });
    assert.deepEqual(Object.keys(withId({ a: 1 }, seed, 3)), ['_id', 'a'], '_id first, as New Document writes it');
    assert.deepEqual(withId({ a: 1, _id: 7 }, seed, 3), { a: 1, _id: 7 });
  });

  it('moves the done mark only past records that all finished, whatever order they finish in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<'stored' | 'already' | 'failed'>('stored', 'already', 'failed'), { maxLength: 40 }).chain((ends) =>
          fc.tuple(
            fc.constant(ends),
            fc.shuffledSubarray(
              ends.map((_, i) => i),
              { minLength: ends.length },
            ),
          ),
        ),
        ([ends, order]) => {
          const mark = new DoneMark({ doneThrough: 0 });
          const finished = new Set<number>();
          for (const ordinal of order) {
            mark.finish(ordinal, ends[ordinal]);
            finished.add(ordinal);
            let expected = 0;
            while (finished.has(expected)) expected++;
            assert.equal(mark.doneThrough, expected);
            const below = ends.slice(0, expected);
            assert.deepEqual(
              [mark.settled.stored, mark.settled.alreadyStored, mark.settled.failureCount],
              [
                below.filter((end) => end === 'stored').length,
                below.filter((end) => end === 'already').length,
                below.filter((end) => end === 'failed').length,
              ],
            );
          }
        },
      ),
    );
  });

  it('resumes only the same file, unchanged, read the same way', () => {
    const file = { path: '/data/x.csv', size: 10, modifiedMs: 5 };
    const state = {
      version: 1,
      file,
      format: 'csv',
      csvTypes: 'infer',
      doneThrough: 4,
      idSeed: { seconds: 1, unique: 'abababababab' },
    } as unknown as ImportState;
    assert.equal(canResume(state, file, 'csv', 'infer'), true);
    assert.equal(canResume(state, { ...file, size: 11 }, 'csv', 'infer'), false);
    assert.equal(canResume(state, { ...file, modifiedMs: 6 }, 'csv', 'infer'), false);
    assert.equal(canResume(state, file, 'csv', 'strings'), false);
    assert.equal(canResume(undefined, file, 'csv', 'infer'), false);
    assert.notEqual(
      importStateKey('/a', { accountId: 'x', db: 'd', col: 'c' }),
      importStateKey('/a', { accountId: 'x', db: 'd', col: 'c2' }),
    );
  });

  it('counts a stored document as the one sent when the service only changed how values are written', () => {
    assert.ok(
      storedEqual(
        { p: 1.5, at: { $date: '2024-01-01T00:00:00.000Z' }, b: { y: 1, x: 2 } },
        { b: { x: 2, y: 1 }, at: { $date: '2024-01-01' }, p: new LosslessNumber('1.50') },
      ),
    );
    assert.ok(storedEqual({ n: new LosslessNumber('9007199254740993') }, { n: new LosslessNumber('9007199254740993') }));
    assert.ok(!storedEqual({ n: new LosslessNumber('9007199254740993') }, { n: new LosslessNumber('9007199254740992') }));
    assert.ok(!storedEqual({ a: [1, 2] }, { a: [2, 1] }));
    assert.ok(!storedEqual({ a: '1' }, { a: 1 }));
  });

  it('writes the dry run and the failure report a user reads', () => {
    const text = dryRunText(
      {
        records: 12,
        documents: 10,
        parseErrorCount: 2,
        parseErrors: [
          { line: 3, reason: 'not valid JSON' },
          { line: 9, reason: 'expected a JSON object' },
        ],
        sample: [{ _id: 1, a: 'x' }],
        existingIds: 4,
        ruleBreaks: [],
        ruleBreakCount: 0,
      },
      { isNew: false, csvTypes: 'infer' },
    );
    assert.match(text, /12 records to import: 10 readable, 2 not\./);
    assert.match(text, /line 3: not valid JSON/);
    assert.match(text, /4 _ids already in the collection/);
    assert.match(text, /numbers, booleans, null and ISO dates inferred/);
    assert.match(text, /\{"_id":1,"a":"x"\}/);
    const report = failureReportText('x.ndjson', 'd.c', [{ line: 3, reason: 'bad' }], 2);
    assert.match(report, /line 3: bad\n… and 1 more not listed\./);
  });
});
