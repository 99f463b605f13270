import * as assert from 'node:assert/strict';
import { LosslessNumber, parseLossless, stringifyLossless } from '../../../../src/core/json/lossless';
import type { RowChange, RowScope } from '../../../../src/core/table/rowChange';
import {
  bulkBodyOf,
  checkRowChange,
  criteriaOf,
  fieldProblem,
  parseFieldValue,
  parseUpdateDocument,
  reviewItemOf,
  scopeText,
} from '../../../../src/core/table/rowChange';

const OID = '{"$oid":"4ffde1398c1a4b6d6c000001"}';

describe('a change to several rows of a collection view', () => {
  it('finds the selected rows by their exact _ids: ObjectId as extended JSON, a 64-bit integer beyond 2^53 unrounded', () => {
    const criteria = criteriaOf({ kind: 'ids', keys: [OID, '9007199254740993', '"text"'] });
    assert.equal(stringifyLossless(criteria), `{"_id":{"$in":[${OID},9007199254740993,"text"]}}`);
  });

  it('takes the view filter for every row the filter matches, and {} for no filter', () => {
    assert.deepEqual(criteriaOf({ kind: 'filter', filter: '{"status": "draft"}' }), { status: 'draft' });
    assert.deepEqual(criteriaOf({ kind: 'filter', filter: '  ' }), {});
    assert.throws(() => criteriaOf({ kind: 'filter', filter: '{"a":' }), /not valid JSON/);
  });

  it('refuses a selected row without _id, which {_id: {$in: [null]}} would confuse with every such document', () => {
    assert.throws(() => criteriaOf({ kind: 'ids', keys: ['1', 'null'] }), /has no _id/);
  });

  it('saves set, unset, rename and an update document as one multi bulk update', () => {
    const scope: RowScope = { kind: 'ids', keys: ['1'] };
    const value = new LosslessNumber('9007199254740993');
    assert.equal(
      stringifyLossless(bulkBodyOf({ scope, operation: { op: 'set', field: 'a.b', value } })),
      '{"criteria":{"_id":{"$in":[1]}},"object":{"$set":{"a.b":9007199254740993}},"multi":true,"upsert":false}',
    );
    assert.deepEqual(bulkBodyOf({ scope, operation: { op: 'unset', field: 'a' } }).object, { $unset: { a: '' } });
    assert.deepEqual(bulkBodyOf({ scope, operation: { op: 'rename', field: 'a', to: 'b' } }).object, { $rename: { a: 'b' } });
    assert.deepEqual(bulkBodyOf({ scope, operation: { op: 'update', object: { $inc: { n: 1 } } } }).object, { $inc: { n: 1 } });
  });

  it('checks field names, values and update documents as the user types them', () => {
    assert.equal(fieldProblem('address.city'), undefined);
    assert.match(fieldProblem('') ?? '', /Give the field/);
    assert.match(fieldProblem('a..b') ?? '', /no empty parts/);
    assert.match(fieldProblem('$set') ?? '', /cannot start with "\$"/);
    assert.match(fieldProblem('_id') ?? '', /_id cannot be changed/);
    assert.equal(
      stringifyLossless(parseFieldValue('{"$numberLong": "9007199254740993"}').value as never),
      '{"$numberLong":"9007199254740993"}',
    );
    assert.match(parseFieldValue('active').error ?? '', /put text in double quotes/);
    assert.deepEqual(parseUpdateDocument('{"$inc": {"n": 1}}').object, { $inc: { n: 1 } });
    assert.match(parseUpdateDocument('{"n": 1}').error ?? '', /"n" is not an update operator/);
    assert.match(parseUpdateDocument('{}').error ?? '', /empty/);
    assert.match(parseUpdateDocument('{"$set": {}}').error ?? '', /\$set takes an object of fields/);
    assert.match(parseUpdateDocument('[1]').error ?? '', /must be a JSON object/);
  });

  it('shows the count and the exact PUT body in the review', () => {
    const item = reviewItemOf({ scope: { kind: 'ids', keys: ['1', '2', '3'] }, operation: { op: 'set', field: 's', value: 'x' } }, 0);
    assert.deepEqual(item.rows, { change: 'set s to "x"', scope: 'the 3 selected rows', count: 3 });
    assert.deepEqual(parseLossless(item.body ?? ''), {
      criteria: { _id: { $in: [1, 2, 3] } },
      object: { $set: { s: 'x' } },
      multi: true,
      upsert: false,
      safe: true,
    });
    const all: RowChange = { scope: { kind: 'filter', filter: '{"a": 1}' }, operation: { op: 'unset', field: 'b' }, count: 1200 };
    assert.equal(scopeText(all), 'every document the filter {"a": 1} matches (1,200 documents when staged)');
    assert.equal(reviewItemOf(all, 1).rows?.count, 1200);
    assert.match(reviewItemOf({ scope: { kind: 'ids', keys: ['null'] }, operation: { op: 'unset', field: 'b' } }, 2).error ?? '', /no _id/);
  });

  it('takes back a staged change kept across a reload only when it is well-formed', () => {
    const kept: RowChange = { scope: { kind: 'ids', keys: [OID] }, operation: { op: 'rename', field: 'a', to: 'b' } };
    assert.deepEqual(checkRowChange(parseLossless(stringifyLossless(kept))), kept);
    const bad: unknown[] = [
      null,
      { scope: { kind: 'ids', keys: [] }, operation: { op: 'unset', field: 'a' } },
      { scope: { kind: 'filter', filter: '{' }, operation: { op: 'unset', field: 'a' } },
      { scope: { kind: 'ids', keys: ['1'] }, operation: { op: 'unset', field: '_id' } },
      { scope: { kind: 'ids', keys: ['1'] }, operation: { op: 'rename', field: 'a', to: 'a' } },
      { scope: { kind: 'ids', keys: ['1'] }, operation: { op: 'update', object: { a: 1 } } },
      { scope: { kind: 'ids', keys: ['1'] }, operation: { op: 'drop' } },
      { scope: { kind: 'ids', keys: ['1'] }, operation: { op: 'unset', field: 'a' }, count: -1 },
    ];
    for (const raw of bad) assert.equal(checkRowChange(raw), undefined, JSON.stringify(raw));
  });
});
