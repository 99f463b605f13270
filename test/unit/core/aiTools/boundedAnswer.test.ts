import * as assert from 'node:assert/strict';
import { documentsAnswer, jsonAnswer } from '../../../../src/core/aiTools/boundedAnswer';
import { parseLossless } from '../../../../src/core/json/lossless';
import type { JsonObject } from '../../../../src/core/json/lossless';

const docs = (count: number, size = 10): JsonObject[] => Array.from({ length: count }, (_, i) => ({ _id: i, text: 'x'.repeat(size) }));

describe('core/aiTools: bounded answers', () => {
  it('gives every document of a short page with the total, and no next page when none is left', () => {
    const text = documentsAnswer({ namespace: 'shop.orders', documents: docs(3), total: 3, skip: 0 });
    assert.match(text, /^Documents 1–3 of 3 matching in shop\.orders:/);
    assert.equal(text.split('\n').length, 4);
    assert.doesNotMatch(text, /skip/);
  });

  it('says which skip gives the next page when more match', () => {
    const text = documentsAnswer({ namespace: 'shop.orders', documents: docs(20), total: 1234, skip: 40 });
    assert.match(text, /Documents 41–60 of 1,234 matching/);
    assert.match(text, /call again with "skip": 60 for the next page/);
  });

  it('cuts at whole documents when the characters run out, and says so', () => {
    const text = documentsAnswer({ namespace: 'a.b', documents: docs(50, 2000), total: 50, skip: 0 });
    assert.ok(text.length <= 32_000 + 400, `${text.length} characters`);
    const shown = text.split('\n').filter((line) => line.startsWith('{')).length;
    assert.ok(shown > 0 && shown < 50);
    const last = text.split('\n').at(-1) ?? '';
    assert.equal(
      last,
      `More match (the answer is cut at 50 documents or 32,000 characters): call again with "skip": ${shown} for the next page.`,
    );
    for (const line of text.split('\n').filter((l) => l.startsWith('{'))) assert.doesNotThrow(() => parseLossless(line));
  });

  it('cuts one document larger than the limit and says to ask for fewer fields', () => {
    const text = documentsAnswer({ namespace: 'a.b', documents: docs(1, 10_000_000), total: 1, skip: 0 });
    assert.ok(text.length < 33_000);
    assert.match(text, /this document is 10,000,0\d\d characters; cut/);
    assert.match(text, /projection/);
  });

  it('keeps a 64-bit integer exactly as the service sent it', () => {
    const documents = [parseLossless('{"_id": 1, "n": 9007199254740993}') as JsonObject];
    assert.match(documentsAnswer({ namespace: 'a.b', documents, total: 1, skip: 0 }), /"n":9007199254740993/);
    assert.match(jsonAnswer('x', documents[0]), /9007199254740993/);
  });

  it('cuts any JSON answer at 32,000 characters and says how much was left out', () => {
    const text = jsonAnswer('Big:', { log: 'y'.repeat(100_000) });
    assert.ok(text.length < 32_200);
    assert.match(text, /\[cut: [\d,]+ more characters of [\d,]+ not shown\]/);
  });
});
