import * as assert from 'node:assert/strict';
import { documentsAnswer, jsonAnswer } from '../../../../src/core/aiTools/boundedAnswer';
import { parseLossless } from '../../../../src/core/json/lossless';
import type { JsonObject } from '../../../../src/core/json/lossless';

const docs = (count: number, size = 10): JsonObject[] => Array.from({ length: count }, (_, i) => ({ _id: i, text: 'x'.repeat(size) }));

describe('core/aiTools: bounded answers', () => {
  it('gives every document of a short page with the total, and no next page when none is left', () => {
    const text = documentsAnswer({ database: 'shop', collection: 'orders', documents: docs(3), total: 3, skip: 0 });
    assert.match(text, /^Documents 1–3 of 3 matching in shop\.orders:/);
    assert.equal(text.split('\n').length, 4);
    assert.doesNotMatch(text, /skip/);
  });

  it('says which skip gives the next page when more match', () => {
    const text = documentsAnswer({ database: 'shop', collection: 'orders', documents: docs(20), total: 1234, skip: 40 });
    assert.match(text, /Documents 41–60 of 1,234 matching/);
    assert.match(text, /call again with "skip": 60 for the next page/);
  });

  it('cuts at whole documents when the characters run out, and says so', () => {
    const text = documentsAnswer({ database: 'a', collection: 'b', documents: docs(50, 2000), total: 50, skip: 0 });
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

  it('cuts one document larger than the limit at whole fields and shows the start of a value no projection can part', () => {
    const text = documentsAnswer({ database: 'a', collection: 'b', documents: docs(1, 10_000_000), total: 1, skip: 0 });
    assert.ok(text.length <= 32_100, `${text.length} characters`);
    const lines = text.split('\n');
    assert.equal(
      lines[1],
      'This document is cut. It is 10,000,019 characters, more than the 32,000 one answer holds. Its top-level fields that fit, whole (1 of 2):',
    );
    assert.deepEqual(parseLossless(lines[2]), { _id: 0 });
    assert.equal(lines[3], 'Not shown: 1 top-level field, 10,000,009 characters: "text" (10,000,009 characters, a string).');
    assert.match(text, /"text" is one value of 10,000,009 characters: no projection reads part of it/);
    assert.match(text, /The first [\d,]+ of 10,000,002 characters of "text":\n"x{1000}/);
  });

  it('tells how to narrow a pipeline for a result larger than the limit, not to read it by its _id', () => {
    const text = documentsAnswer({ database: 'a', collection: 'b', documents: docs(1, 100_000), total: 1, skip: 0, pipelineResults: true });
    assert.ok(text.length <= 32_100, `${text.length} characters`);
    assert.match(text, /This result is 100,019 characters, more than the 32,000 one answer holds: add a \$project stage/);
    assert.doesNotMatch(text, /dbhost_find/);
    assert.match(text, /\n\{"_id":0,"text":"x{1000}/);
  });

  it('names every field left out, even when their names are long, before showing more fields, within the answer', () => {
    const document: Record<string, unknown> = { _id: 7 };
    const names = Array.from({ length: 60 }, (_, i) => `${'long_field_name_'.repeat(20)}${i}`);
    for (const name of names) document[name] = 'v'.repeat(1_000);
    Object.defineProperty(document, '__proto__', { value: 'p'.repeat(40_000), enumerable: true });
    const text = documentsAnswer({ database: 'a', collection: 'b', documents: [document as JsonObject], total: 1, skip: 0 });
    assert.ok(text.length <= 32_100, `${text.length} characters`);
    const shown = Object.keys(parseLossless(text.split('\n')[2]) as object);
    assert.equal(shown[0], '_id');
    const calls = text.split('\n').filter((line) => line.startsWith('- dbhost_find '));
    assert.ok(calls.every((line) => line.includes('"filter":{"_id":7}')));
    for (const name of names.filter((n) => !shown.includes(n)))
      assert.ok(
        calls.some((line) => line.includes(`"${name}":1`)),
        name,
      );
    assert.match(text, /"__proto__" is one value of 40,\d{3} characters/);
  });

  it('keeps a 64-bit integer exactly as the service sent it', () => {
    const documents = [parseLossless('{"_id": 1, "n": 9007199254740993}') as JsonObject];
    assert.match(documentsAnswer({ database: 'a', collection: 'b', documents, total: 1, skip: 0 }), /"n":9007199254740993/);
    assert.match(jsonAnswer('x', documents[0]), /9007199254740993/);
  });

  it('cuts any JSON answer at 32,000 characters and says how much was left out', () => {
    const text = jsonAnswer('Big:', { log: 'y'.repeat(100_000) });
    assert.ok(text.length < 32_200);
    assert.match(text, /\[cut: [\d,]+ more characters of [\d,]+ not shown\]/);
  });
});
