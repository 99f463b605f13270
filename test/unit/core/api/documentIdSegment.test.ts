import * as assert from 'node:assert/strict';
import { documentIdOfSegment } from '../../../../src/core/api/documentIdOfSegment';
import { documentIdSegment } from '../../../../src/core/api/documentIdSegment';
import { sameDocumentId } from '../../../../src/core/documents/documentId';
import type { JsonValue } from '../../../../src/core/json/lossless';
import { LosslessNumber, parseLossless } from '../../../../src/core/json/lossless';

const OID = '4ffde1398c1a4b6d6c000001';

describe('core/api/documentIdSegment: the <doc_id> that names exactly one _id', () => {
  it('writes a string as itself and a number or an object id as the extended JSON the service reads as that type', () => {
    assert.equal(documentIdSegment('42'), '42');
    assert.equal(documentIdSegment(OID), OID);
    assert.equal(documentIdSegment(42), '{"$numberLong":"42"}');
    assert.equal(documentIdSegment(parseLossless('9007199254740993')), '{"$numberLong":"9007199254740993"}');
    assert.equal(documentIdSegment(new LosslessNumber('1.50')), '{"$numberDouble":"1.50"}');
    assert.equal(documentIdSegment({ $oid: OID }), `{"$oid":"${OID}"}`);
    assert.equal(documentIdSegment({ $date: '2012-06-01T00:00:00Z' }), '{"$date":"2012-06-01T00:00:00Z"}');
  });

  it('refuses an _id the service has no path for', () => {
    for (const id of [null, true, false, [1]] as JsonValue[]) {
      assert.throws(() => documentIdSegment(id), /cannot be named in a request path/);
    }
  });

  it('reads a segment back as the _id it names', () => {
    for (const id of ['42', 42, OID, { $oid: OID }, '{not json', new LosslessNumber('9007199254740993'), { a: 1 }] as JsonValue[]) {
      assert.ok(sameDocumentId(documentIdOfSegment(documentIdSegment(id)), id), String(documentIdSegment(id)));
    }
  });
});
