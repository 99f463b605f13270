import * as assert from 'node:assert/strict';
import { LosslessNumber } from '../../../../src/core/json/lossless';
import { parsePlayground } from '../../../../src/core/playground/parsePlayground';
import type { ParsedPlayground, PlaygroundProblem } from '../../../../src/core/playground/playgroundRequest';
import { allProblems, entryAt } from '../../../../src/core/playground/playgroundRequest';

/** 1-based line and column of an offset, as an editor shows them. */
function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

function problemsAt(text: string, parsed: ParsedPlayground) {
  return allProblems(parsed).map((problem: PlaygroundProblem) => ({
    ...positionOf(text, problem.range.offset),
    text: text.slice(problem.range.offset, problem.range.offset + problem.range.length),
    message: problem.message,
  }));
}

function onlyProblem(text: string) {
  const problems = problemsAt(text, parsePlayground(text));
  assert.equal(problems.length, 1, `expected one problem, got ${JSON.stringify(problems)}`);
  return problems[0];
}

describe('parsePlayground', () => {
  it('reads a single query with every find parameter', () => {
    const parsed = parsePlayground(`{
      "account": "Production",
      "database": "shop",
      "collection": "orders",
      "q": {"status": "open", "total": {"$gt": 10}},
      "fields": ["status", "total"],
      "sort": {"total": -1, "created": 1},
      "skip": 40,
      "limit": 100
    }`);
    assert.deepEqual(allProblems(parsed), []);
    assert.equal(parsed.entries.length, 1);
    assert.deepEqual(parsed.entries[0].request, {
      kind: 'find',
      account: 'Production',
      database: 'shop',
      collection: 'orders',
      query: {
        q: { status: 'open', total: { $gt: 10 } },
        fields: ['status', 'total'],
        sort: { total: -1, created: 1 },
        skip: 40,
        limit: 100,
      },
    });
  });

  it('reads fields given as an object of 1 and 0', () => {
    const parsed = parsePlayground('{"database": "d", "collection": "c", "fields": {"name": 1, "secret": 0}}');
    assert.deepEqual(parsed.entries[0].request, {
      kind: 'find',
      database: 'd',
      collection: 'c',
      query: { fields: { name: 1, secret: 0 } },
    });
  });

  it('accepts comments and trailing commas', () => {
    const text = `// open orders
    [
      /* the first */ {"database": "shop", "collection": "orders", "q": {"status": "open",},},
      {"database": "shop", "collection": "customers", // trailing comment
      },
    ]`;
    const parsed = parsePlayground(text);
    assert.deepEqual(allProblems(parsed), []);
    assert.deepEqual(
      parsed.entries.map((entry) => entry.request),
      [
        { kind: 'find', database: 'shop', collection: 'orders', query: { q: { status: 'open' } } },
        { kind: 'find', database: 'shop', collection: 'customers', query: {} },
      ],
    );
  });

  it('gives each query of an array its index and source range', () => {
    const text = '[\n  {"database": "a", "collection": "x"},\n  {"database": "b", "collection": "y"}\n]';
    const parsed = parsePlayground(text);
    assert.deepEqual(
      parsed.entries.map((entry) => entry.index),
      [0, 1],
    );
    assert.deepEqual(
      parsed.entries.map((entry) => text.slice(entry.range.offset, entry.range.offset + entry.range.length)),
      ['{"database": "a", "collection": "x"}', '{"database": "b", "collection": "y"}'],
    );
    assert.equal(entryAt(parsed, text.indexOf('"y"'))?.index, 1);
    assert.equal(entryAt(parsed, text.indexOf('"a"'))?.index, 0);
  });

  it('keeps numbers in criteria exactly as written', () => {
    const parsed = parsePlayground('{"database": "d", "collection": "c", "q": {"n": 9007199254740993, "price": 1.50, "small": 3}}');
    const request = parsed.entries[0].request;
    assert.equal(request?.kind, 'find');
    const q = request?.kind === 'find' ? request.query.q : undefined;
    assert.deepEqual(q?.n, new LosslessNumber('9007199254740993'));
    assert.deepEqual(q?.price, new LosslessNumber('1.50'));
    assert.equal(q?.small, 3);
  });

  it('reads an update block', () => {
    const parsed = parsePlayground(`{"database": "shop", "collection": "orders",
      "update": {"criteria": {"status": "open"}, "object": {"$set": {"status": "closed"}}, "multi": true, "upsert": false}}`);
    assert.deepEqual(allProblems(parsed), []);
    assert.deepEqual(parsed.entries[0].request, {
      kind: 'update',
      database: 'shop',
      collection: 'orders',
      update: { criteria: { status: 'open' }, object: { $set: { status: 'closed' } }, multi: true, upsert: false },
    });
  });

  it('puts a service error of a query at its q, else at its opening brace', () => {
    const text = '[{"database": "d", "collection": "c", "q": {"a": 1}}, {"database": "d", "collection": "c"}]';
    const [withQ, withoutQ] = parsePlayground(text).entries;
    assert.equal(text.slice(withQ.errorAnchor.offset, withQ.errorAnchor.offset + withQ.errorAnchor.length), '{"a": 1}');
    assert.equal(withoutQ.errorAnchor.offset, text.indexOf('{"database"', 2));
  });

  describe('problems and their positions', () => {
    it('reports a missing database at the query and sends nothing', () => {
      const text = '[\n  {"database": "d", "collection": "c"},\n  {"collection": "c"}\n]';
      const parsed = parsePlayground(text);
      assert.ok(parsed.entries[0].request);
      assert.equal(parsed.entries[1].request, undefined);
      const problem = onlyProblem(text);
      assert.deepEqual({ line: problem.line, column: problem.column, text: problem.text }, { line: 3, column: 3, text: '{' });
      assert.match(problem.message, /Missing "database"/);
    });

    it('reports an empty collection name at its value', () => {
      const problem = onlyProblem('{"database": "d",\n "collection": ""}');
      assert.deepEqual([problem.line, problem.column, problem.text], [2, 16, '""']);
      assert.match(problem.message, /"collection" must be a non-empty string/);
    });

    for (const limit of ['0', '101', '2.5', '"10"']) {
      it(`refuses limit ${limit} at its value`, () => {
        const text = `{"database": "d", "collection": "c", "limit": ${limit}}`;
        const problem = onlyProblem(text);
        assert.deepEqual([problem.line, problem.column, problem.text], [1, 47, limit]);
        assert.match(problem.message, /"limit" must be a whole number from 1 to 100/);
      });
    }

    it('accepts limit 1 and 100', () => {
      for (const limit of [1, 100]) {
        const parsed = parsePlayground(`{"database": "d", "collection": "c", "limit": ${limit}}`);
        assert.deepEqual(allProblems(parsed), []);
      }
    });

    it('refuses a negative skip', () => {
      assert.match(onlyProblem('{"database": "d", "collection": "c", "skip": -1}').message, /"skip" must be a whole number, 0 or more/);
    });

    it('refuses a sort direction other than 1 or -1 at that direction', () => {
      const text = '{"database": "d", "collection": "c",\n  "sort": {"a": 1, "b": "desc"}}';
      const problem = onlyProblem(text);
      assert.deepEqual([problem.line, problem.column, problem.text], [2, 25, '"desc"']);
    });

    it('refuses fields that are neither names nor 0/1', () => {
      assert.match(onlyProblem('{"database": "d", "collection": "c", "fields": ["a", 2]}').text, /^2$/);
      assert.match(onlyProblem('{"database": "d", "collection": "c", "fields": {"a": true}}').message, /1 \(return the field\) or 0/);
      assert.match(onlyProblem('{"database": "d", "collection": "c", "fields": "a"}').message, /array of field names or an object/);
    });

    it('refuses a q that is not an object', () => {
      const problem = onlyProblem('{"database": "d", "collection": "c", "q": "status = 1"}');
      assert.equal(problem.text, '"status = 1"');
    });

    it('reports an unknown property at its name', () => {
      const text = '{\n  "database": "d",\n  "collection": "c",\n  "filter": {}\n}';
      const problem = onlyProblem(text);
      assert.deepEqual([problem.line, problem.column, problem.text], [4, 3, '"filter"']);
      assert.match(problem.message, /Unknown property "filter"/);
    });

    it('reports a property given twice', () => {
      assert.match(onlyProblem('{"database": "d", "collection": "c", "database": "e"}').message, /"database" is given twice/);
    });

    it('reports broken JSON at the place it breaks, and the query still has its range', () => {
      const text = '{\n  "database": "d"\n  "collection": "c"\n}';
      const parsed = parsePlayground(text);
      assert.equal(parsed.fileProblems.length, 1);
      const [problem] = problemsAt(text, parsed);
      assert.deepEqual([problem.line, problem.column], [3, 3]);
      assert.match(problem.message, /Expected a comma/);
      assert.equal(parsed.entries.length, 1);
    });

    it('reports an unclosed object', () => {
      const parsed = parsePlayground('{"database": "d", "collection": "c"');
      assert.match(parsed.fileProblems[0].message, /closing brace/);
    });

    it('reports an empty file and a top level that is not a query', () => {
      assert.match(parsePlayground('  // nothing yet\n').fileProblems[0].message, /empty/);
      assert.match(parsePlayground('42').fileProblems[0].message, /query object or an array of query objects/);
      const text = '[{"database": "d", "collection": "c"}, 7]';
      const problem = problemsAt(text, parsePlayground(text))[0];
      assert.equal(problem.text, '7');
    });

    it('refuses find parameters beside an update block', () => {
      const text =
        '{"database": "d", "collection": "c", "sort": {"a": 1}, "limit": 5, "update": {"criteria": {}, "object": {"$set": {"a": 1}}}}';
      const parsed = parsePlayground(text);
      assert.equal(parsed.entries[0].request, undefined);
      assert.deepEqual(
        problemsAt(text, parsed).map((problem) => problem.text),
        ['"sort"', '"limit"'],
      );
    });

    it('requires criteria and object in an update block, as objects, and a non-empty object', () => {
      const missing = problemsAt(
        '{"database": "d", "collection": "c", "update": {"multi": true}}',
        parsePlayground('{"database": "d", "collection": "c", "update": {"multi": true}}'),
      );
      assert.deepEqual(
        missing.map((problem) => problem.message.split(':')[0]),
        ['Missing "criteria" in the update block', 'Missing "object" in the update block'],
      );
      assert.match(
        onlyProblem('{"database": "d", "collection": "c", "update": {"criteria": [], "object": {"$inc": {"n": 1}}}}').text,
        /^\[\]$/,
      );
      assert.match(
        onlyProblem('{"database": "d", "collection": "c", "update": {"criteria": {}, "object": {}}}').message,
        /"object" is empty/,
      );
      assert.match(
        onlyProblem('{"database": "d", "collection": "c", "update": {"criteria": {}, "object": {"$set": {"a": 1}}, "multi": "yes"}}')
          .message,
        /"multi" must be true or false/,
      );
      assert.match(
        onlyProblem('{"database": "d", "collection": "c", "update": {"criteria": {}, "object": {"$set": {"a": 1}}, "safe": true}}').message,
        /Unknown property "safe" in an update block/,
      );
    });
  });
});
