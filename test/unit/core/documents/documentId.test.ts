import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  DocumentPathError,
  decodeDocumentPath,
  displayId,
  encodeDocumentPath,
  idFromKeyText,
  idKeyText,
  objectIdHexOf,
  sameDocumentId,
} from '../../../../src/core/documents/documentId';
import { LosslessNumber, parseLossless } from '../../../../src/core/json/lossless';
import type { JsonValue } from '../../../../src/core/json/lossless';

describe('core/documents/documentId', () => {
  describe('idKeyText', () => {
    it('writes an object id as its hex and numbers as their exact text', () => {
      assert.equal(idKeyText({ $oid: '4ffde1398c1a4b6d6c000001' }), '4ffde1398c1a4b6d6c000001');
      assert.equal(idKeyText(42), '42');
      assert.equal(idKeyText(-1.5), '-1.5');
      assert.equal(idKeyText(parseLossless('9007199254740993')), '9007199254740993');
      assert.equal(idKeyText(new LosslessNumber('1.50')), '1.50');
    });

    it('writes strings as they are unless the text would read back as another value', () => {
      assert.equal(idKeyText('user/1 ü'), 'user/1 ü');
      assert.equal(idKeyText(''), '');
      assert.equal(idKeyText('42'), '"42"');
      assert.equal(idKeyText('4ffde1398c1a4b6d6c000001'), '"4ffde1398c1a4b6d6c000001"');
      assert.equal(idKeyText('null'), '"null"');
      assert.equal(idKeyText('"q"'), '"\\"q\\""');
      assert.equal(idKeyText('{"$oid":"4ffde1398c1a4b6d6c000001"}'), '"{\\"$oid\\":\\"4ffde1398c1a4b6d6c000001\\"}"');
    });

    it('writes other ids as compact JSON', () => {
      assert.equal(idKeyText({ a: 1, b: [true, null] }), '{"a":1,"b":[true,null]}');
      assert.equal(idKeyText({ $date: '2012-06-01T00:00:00Z' }), '{"$date":"2012-06-01T00:00:00Z"}');
    });

    it('reads every text back as the value it was written from, so 42, "42", an object id and its hex stay four ids', () => {
      const ids: JsonValue[] = [
        42,
        '42',
        { $oid: '4ffde1398c1a4b6d6c000001' },
        '4ffde1398c1a4b6d6c000001',
        'null',
        null,
        '',
        '{}',
        { k: 'v' },
      ];
      const texts = ids.map(idKeyText);
      assert.equal(new Set(texts).size, ids.length);
      for (const [index, id] of ids.entries()) assert.ok(sameDocumentId(idFromKeyText(texts[index]), id), texts[index]);
      fc.assert(
        fc.property(fc.string(), (id) => {
          assert.equal(idFromKeyText(idKeyText(id)), id);
        }),
        { numRuns: 2000 },
      );
    });
  });

  describe('sameDocumentId', () => {
    it('tells 42 from "42" and an object id from its hex, and one number from its other spellings', () => {
      assert.ok(!sameDocumentId(42, '42'));
      assert.ok(!sameDocumentId({ $oid: '4ffde1398c1a4b6d6c000001' }, '4ffde1398c1a4b6d6c000001'));
      assert.ok(sameDocumentId(42, new LosslessNumber('42')));
      assert.ok(sameDocumentId(new LosslessNumber('9007199254740993'), new LosslessNumber('9007199254740993')));
      assert.ok(!sameDocumentId(new LosslessNumber('9007199254740993'), new LosslessNumber('9007199254740992')));
      assert.ok(sameDocumentId({ $oid: '4ffde1398c1a4b6d6c000001' }, { $oid: '4ffde1398c1a4b6d6c000001' }));
    });
  });

  describe('displayId', () => {
    it('shows object ids bare, strings quoted and numbers plain', () => {
      assert.equal(displayId({ $oid: '4ffde1398c1a4b6d6c000001' }), '4ffde1398c1a4b6d6c000001');
      assert.equal(displayId('42'), '"42"');
      assert.equal(displayId(42), '42');
      assert.equal(displayId(new LosslessNumber('12345678901234567890')), '12345678901234567890');
      assert.equal(displayId({ k: 'v' }), '{"k":"v"}');
    });

    it('shortens long ids with an ellipsis', () => {
      const label = displayId('x'.repeat(200));
      assert.equal(label.length, 40);
      assert.ok(label.startsWith('"xxx') && label.endsWith('…'));
    });
  });

  it('recognizes only a pure {"$oid": string} as an object id', () => {
    assert.equal(objectIdHexOf({ $oid: 'abc' }), 'abc');
    assert.equal(objectIdHexOf({ $oid: 1 }), undefined);
    assert.equal(objectIdHexOf('abc'), undefined);
    assert.equal(objectIdHexOf([{ $oid: 'abc' }]), undefined);
  });

  describe('document paths', () => {
    it('builds /<db>/<col>/<id>.json with every part escaped', () => {
      assert.equal(
        encodeDocumentPath({ db: 'vehicles', col: 'rockets', docId: { $oid: '4ffde1398c1a4b6d6c000001' } }),
        '/vehicles/rockets/4ffde1398c1a4b6d6c000001.json',
      );
      assert.equal(
        encodeDocumentPath({ db: 'v', col: 'r', docId: '4ffde1398c1a4b6d6c000001' }),
        '/v/r/~224ffde1398c1a4b6d6c000001~22.json',
      );
      assert.equal(encodeDocumentPath({ db: 'v', col: 'r', docId: 42 }), '/v/r/42.json');
      assert.equal(encodeDocumentPath({ db: 'v', col: 'r', docId: '42' }), '/v/r/~2242~22.json');
      assert.equal(encodeDocumentPath({ db: 'a/b', col: 'c d', docId: 'e.json' }), '/a~2Fb/c~20d/e.json.json');
      assert.equal(encodeDocumentPath({ db: 'x', col: 'y', docId: '' }), '/x/y/~.json');
    });

    it('round trips any database, collection and id exactly', () => {
      const text = fc.oneof(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: fc.constantFrom('/', '%', ' ', '.', '~', 'a', 'é', '😀', '.json') }),
      );
      fc.assert(
        fc.property(text, text, text, (db, col, docId) => {
          const path = encodeDocumentPath({ db, col, docId });
          assert.equal(path.split('/').length, 4, 'a slash inside a name never appears raw');
          assert.deepEqual(decodeDocumentPath(path), { db, col, docId });
          assert.deepEqual(
            decodeDocumentPath(decodeURIComponent(encodeURI(path))),
            { db, col, docId },
            'survives percent-encoding and decoding',
          );
        }),
        { numRuns: 2000 },
      );
    });

    it('refuses paths that are not a document with a clear error', () => {
      for (const path of [
        '',
        '/',
        '/db',
        '/db/col',
        '/db/col/id',
        '/db/col/id.txt',
        'db/col/id.json',
        '/db/col/sub/id.json',
        '/db/col/id.json/',
      ]) {
        assert.throws(
          () => decodeDocumentPath(path),
          (error: unknown) => error instanceof DocumentPathError && /is not a document path/.test(error.message),
          path,
        );
      }
      assert.throws(() => decodeDocumentPath('/db/c%2Fd/x.json'), /is not a valid document path: .*not in the form/);
      assert.throws(() => decodeDocumentPath('/db/col/~ZZ.json'), DocumentPathError);
      // One document, one URI: another spelling of the same _id is refused.
      assert.throws(() => decodeDocumentPath('/db/col/4FFDE1398C1A4B6D6C000001.json'), DocumentPathError);
    });
  });
});
