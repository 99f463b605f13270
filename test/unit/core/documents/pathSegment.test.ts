import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { PathSegmentError, decodePathSegment, encodePathSegment } from '../../../../src/core/documents/pathSegment';

const URI_UNRESERVED = /^[A-Za-z0-9_.~-]+$/;

describe('core/documents/pathSegment', () => {
  it('leaves plain names readable', () => {
    assert.equal(encodePathSegment('rockets'), 'rockets');
    assert.equal(encodePathSegment('app.prod-2_x'), 'app.prod-2_x');
    assert.equal(encodePathSegment('4ffde1398c1a4b6d6c000001'), '4ffde1398c1a4b6d6c000001');
  });

  it('escapes slashes, percent signs, spaces, tildes and non-ASCII as UTF-8 bytes', () => {
    assert.equal(encodePathSegment('a/b'), 'a~2Fb');
    assert.equal(encodePathSegment('100% sure'), '100~25~20sure');
    assert.equal(encodePathSegment('~'), '~7E');
    assert.equal(encodePathSegment('é😀'), '~C3~A9~F0~9F~98~80');
    assert.equal(encodePathSegment('%2F'), '~252F');
  });

  it('never yields a navigation segment or an empty one', () => {
    assert.equal(encodePathSegment('.'), '~2E');
    assert.equal(encodePathSegment('..'), '~2E~2E');
    assert.equal(encodePathSegment('...'), '~2E~2E~2E');
    assert.equal(encodePathSegment(''), '~');
  });

  it('round trips any string exactly, writing only URI-unreserved characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          fc.string({ unit: 'binary-ascii' }),
          fc.string({ unit: fc.constantFrom('/', '%', ' ', '.', '~', 'a', '\u0000', 'é', '😀') }),
        ),
        (text) => {
          const encoded = encodePathSegment(text);
          assert.match(encoded, URI_UNRESERVED);
          assert.equal(decodeURIComponent(encoded), encoded, 'percent-decoding changes nothing');
          assert.equal(encodeURIComponent(encoded), encoded, 'percent-encoding changes nothing');
          assert.equal(decodePathSegment(encoded), text);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a string with an unpaired surrogate, which no URI or database name can hold', () => {
    assert.throws(() => encodePathSegment('a\uD800b'), PathSegmentError);
    assert.throws(() => encodePathSegment('\uDC00'), /unpaired surrogate/);
  });

  it('refuses malformed and non-canonical segments with a clear error', () => {
    assert.throws(() => decodePathSegment('a~2'), /Invalid escape "~2"/);
    assert.throws(() => decodePathSegment('a~zz'), /Invalid escape "~zz"/);
    assert.throws(() => decodePathSegment('a~2fb'), /Invalid escape/, 'lowercase hex is not the canonical form');
    assert.throws(() => decodePathSegment('~FF'), /does not decode to UTF-8 text/);
    assert.throws(() => decodePathSegment('a b'), /not in the form this extension writes/);
    assert.throws(() => decodePathSegment('~61'), /expected "a"/);
    assert.throws(() => decodePathSegment('..'), PathSegmentError);
    assert.throws(() => decodePathSegment(''), PathSegmentError);
  });
});
