import assert from 'node:assert/strict';
import { Pool } from 'pg';
import type { InProcessService, RawAnswer } from '../../../support/testService';
import { jsonBody, startServiceInProcess } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';
import { restartWithRows } from '../../../support/postgresRows';
import { SeededRandom } from '../../../support/seededRandom';

const KEY = 'aggregate-on-postgres-key-0d93';
const DB = 'shop';
const LARGE = 'people';
const SMALL = 'mixed';
const COUNT = 20_000;
/** A document whose stored text is damaged: any request that reads the collection whole fails on it (a 500). */
const DAMAGED = 'd13';
const person = (i: number) => ({ _id: `d${i}`, n: i, team: i % 50, city: ['Oslo', 'Lima', 'Pune'][i % 3] });
type Json = Record<string, unknown>;

/** Documents of every kind of value a pipeline's leading stages meet: numbers, strings, arrays, nulls, nested ones. */
function mixedDocuments(): Json[] {
  const random = new SeededRandom(31);
  const pick = <T>(values: T[]): T => random.pick(values);
  return Array.from({ length: 120 }, (_, i) => ({
    _id: i,
    a: pick([1, 2, 3, 2.5, -1, 'x', 'y', null, [1, 2], [3], true, { b: 1 }]),
    b: pick(['p', 'q', 'r', 'P']),
    n: random.int(0, 999),
    tags: pick([[], ['red'], ['red', 'blue'], ['blue'], undefined]),
    nested: { k: pick([1, 2, 3]) },
  }));
}

const PIPELINES: Json[][] = [
  [{ $match: { b: 'p' } }, { $group: { _id: '$a', n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
  [{ $match: { n: { $gte: 500 } } }, { $sort: { n: -1, _id: 1 } }, { $limit: 7 }, { $project: { n: 1, b: 1 } }],
  [{ $match: { a: { $in: [1, 'x', null] } } }, { $count: 'found' }],
  [{ $match: { a: 2 } }, { $limit: 3 }, { $count: 'found' }],
  [{ $match: { b: 'nothing' } }, { $count: 'found' }],
  [{ $count: 'all' }],
  [{ $match: { b: { $regex: '^[pq]$' } } }, { $sort: { b: 1, n: 1 } }, { $skip: 5 }, { $limit: 4 }],
  [{ $match: { tags: 'red', 'nested.k': { $gt: 1 } } }, { $unwind: '$tags' }, { $sortByCount: '$tags' }],
  [{ $match: { a: { $type: 'array' } } }, { $project: { a: 1 } }, { $sort: { _id: -1 } }],
  [{ $sort: { a: 1, _id: 1 } }, { $limit: 10 }, { $project: { a: 1 } }],
  [{ $match: { $or: [{ a: { $gt: 1 } }, { b: 'q' }] } }, { $group: { _id: null, total: { $sum: '$n' } } }],
  [{ $match: { a: { $bogus: 1 } } }, { $count: 'x' }],
  [{ $match: { n: { $gt: 10 } } }, { $count: 'bad.name' }],
  [{ $match: { a: { $exists: false } } }, { $facet: { few: [{ $limit: 2 }], all: [{ $count: 'n' }] } }],
  [{ $skip: 3 }, { $limit: 4 }],
  [{ $match: { n: { $gte: 100 } } }, { $skip: 2 }, { $skip: 1 }, { $limit: 5 }, { $project: { n: 1 } }],
  [{ $sort: { n: -1 } }, { $skip: 110 }, { $group: { _id: null, n: { $sum: 1 } } }],
  // Over the work limit in the stage after the leading ones: refused with the same words.
  [{ $match: { n: { $gte: 0 } } }, { $addFields: { r: { $range: [0, 100_000] } } }, { $count: 'n' }],
];

const answerOf = (answer: RawAnswer) => ({ status: answer.status, json: answer.json, count: answer.headers.get('x-service-count') });

/**
 * Pipelines on PostgreSQL read the documents their leading `$match` (and `$sort`, `$limit`) select by SQL, and no
 * other document of the collection: a damaged document that any load of the collection meets proves it.
 */
describePostgres('on PostgreSQL, aggregation pipelines read what their leading stages select', function () {
  this.timeout(180_000);
  let store: string;
  let pool: Pool;
  let postgres: InProcessService;
  let journal: InProcessService;
  const start = () => startServiceInProcess({ apiKeys: [KEY], empty: true, store, storeCacheMb: 0, keepData: true });
  const aggregate = (service: InProcessService, col: string, pipeline: Json[]) =>
    service.raw('POST', `/databases/${DB}/collections/${col}/aggregate`, { body: jsonBody({ pipeline, limit: 0 }) });

  before(async () => {
    store = freshPostgresStore();
    pool = new Pool({ connectionString: store });
    postgres = await start();
    journal = await startServiceInProcess({ apiKeys: [KEY], empty: true, store: null });
    for (const service of [postgres, journal]) {
      assert.equal((await service.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) })).status, 200);
      const first = await service.raw('POST', `/databases/${DB}/collections/${LARGE}/documents`, {
        body: jsonBody({ document: person(0) }),
      });
      assert.equal(first.status, 200, first.text);
      for (const document of mixedDocuments()) {
        const inserted = await service.raw('POST', `/databases/${DB}/collections/${SMALL}/documents`, { body: jsonBody({ document }) });
        assert.equal(inserted.status, 200, inserted.text);
      }
      const index = await service.raw('POST', `/databases/${DB}/collections/${LARGE}/indexes`, { body: jsonBody({ spec: { team: 1 } }) });
      assert.equal(index.status, 200, index.text);
    }
    postgres = await restartWithRows(postgres, start, pool, {
      db: DB,
      col: LARGE,
      docs: Array.from({ length: COUNT - 1 }, (_, i) => person(i + 1)),
      damaged: DAMAGED,
    });
  });
  after(async () => {
    await postgres?.stop();
    await journal?.stop();
    await pool?.end();
  });

  it('groups, sorts, pages and counts the matches of 20,000 documents while a read of the whole collection fails on a damaged one', async () => {
    const grouped = await aggregate(postgres, LARGE, [
      { $match: { team: 7 } },
      { $group: { _id: '$city', n: { $sum: 1 } } },
      { $sort: { _id: 1 } },
    ]);
    assert.equal(grouped.status, 200, grouped.text);
    assert.deepEqual(grouped.json, [
      { _id: 'Lima', n: 134 },
      { _id: 'Oslo', n: 133 },
      { _id: 'Pune', n: 133 },
    ]);
    const paged = await aggregate(postgres, LARGE, [
      { $match: { team: 7 } },
      { $sort: { n: -1 } },
      { $limit: 2 },
      { $project: { n: 1, _id: 0 } },
    ]);
    assert.deepEqual(paged.json, [{ n: 19_957 }, { n: 19_907 }]);
    assert.deepEqual((await aggregate(postgres, LARGE, [{ $match: { team: { $in: [1, 2] } } }, { $count: 'n' }])).json, [{ n: 800 }]);
    assert.deepEqual((await aggregate(postgres, LARGE, [{ $count: 'all' }])).json, [{ all: COUNT }]);

    // A $limit after the leading stages (and any $skip) bounds what is read.
    const kept = await aggregate(postgres, LARGE, [{ $skip: 2 }, { $limit: 3 }, { $project: { n: 1, _id: 0 } }]);
    assert.equal(kept.status, 200, kept.text);
    assert.deepEqual(kept.json, [{ n: 2 }, { n: 3 }, { n: 4 }]);
    const matched = await aggregate(postgres, LARGE, [{ $match: { team: { $lt: 20 } } }, { $skip: 1 }, { $limit: 2 }]);
    assert.deepEqual(matched.json, [person(1), person(2)]);

    const whole = await aggregate(postgres, LARGE, [{ $group: { _id: '$city', n: { $sum: 1 } } }]);
    assert.equal(whole.status, 500, 'a pipeline over every document reads the damaged one');
    assert.match(JSON.parse(whole.text).error, /^A document of shop\.people in PostgreSQL is damaged/);
  });

  for (const pipeline of PIPELINES)
    it(`answers as the journal store: ${JSON.stringify(pipeline)}`, async () => {
      const [left, right] = [await aggregate(postgres, SMALL, pipeline), await aggregate(journal, SMALL, pipeline)];
      assert.deepEqual(answerOf(left), answerOf(right));
    });

  it('answers the same result page limit and refusals as the journal store', async () => {
    for (const body of [
      { pipeline: [{ $match: { b: 'p' } }], limit: 3 },
      { pipeline: [{ $match: { b: 'p' } }], limit: -1 },
      { pipeline: {} },
    ]) {
      const path = `/databases/${DB}/collections/${SMALL}/aggregate`;
      const [left, right] = [
        await postgres.raw('POST', path, { body: jsonBody(body) }),
        await journal.raw('POST', path, { body: jsonBody(body) }),
      ];
      assert.deepEqual(answerOf(left), answerOf(right), JSON.stringify(body));
    }
    const explain = { pipeline: [{ $match: { b: 'p' } }, { $sort: { n: 1 } }, { $count: 'n' }], explain: true };
    const path = `/databases/${DB}/collections/${SMALL}/aggregate`;
    const [left, right] = [
      await postgres.raw('POST', path, { body: jsonBody(explain) }),
      await journal.raw('POST', path, { body: jsonBody(explain) }),
    ];
    assert.equal(left.status, 200, left.text);
    assert.deepEqual((left.json as Json).stages, (right.json as Json).stages);
  });
});
