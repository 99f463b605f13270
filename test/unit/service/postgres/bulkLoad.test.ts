import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { ROWS_PER_COPY } from '../../../../src/service/bulkLoad/copyRows';
import { runLoad } from '../../../../src/service/bulkLoad/loadCli';
import type { ChildService, RawAnswer } from '../../../support/testService';
import { errorText, jsonBody, startServiceInChild } from '../../../support/testService';
import { describePostgres, freshPostgresStore } from '../../../support/testStore';

const KEY = 'bulk-load-key-7e41';
const DB = 'bulk';
const docsOf = (col: string) => `/databases/${DB}/collections/${col}/documents`;
const COUNT = 2_500;

/**
 * Line `i` of the file, as raw text: integer, string and object-id `_id`s, 64-bit integers and decimals beyond a
 * double's precision (kept as written), a date, nested objects and arrays, a string with escapes.
 */
function line(i: number): string {
  const id = i % 3 === 0 ? String(i) : i % 3 === 1 ? `"s${i}"` : `{"$oid": "${(0x650000000000 + i).toString(16).padStart(24, '0')}"}`;
  return (
    `{"_id": ${id}, "n": ${i}, "big": ${9_007_199_254_740_993n + BigInt(i)}, "dec": 0.1000000000000000055511151231257827${i % 10}, ` +
    `"when": {"$date": "2026-01-0${(i % 9) + 1}T00:00:00Z"}, "a": {"b": {"c": ${i % 7}}, "tags": ["x${i % 4}", ${i % 5}]}, ` +
    `"text": "line \\"${i}\\"\\n\\ttab \\u00e9"}`
  );
}

const get = async (service: ChildService, path: string): Promise<RawAnswer> => {
  const answer = await service.raw('GET', path);
  assert.equal(answer.status, 200, answer.text);
  return answer;
};

const query = (col: string, params: Record<string, unknown>): string =>
  `${docsOf(col)}?${Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&')}`;

describePostgres('npm run pg-load: a file of JSON lines into a collection of a PostgreSQL store', function () {
  this.timeout(180_000);
  let store: string;
  let service: ChildService;
  let folder: string;
  const file = (name: string, lines: string[]): string => {
    const path = join(folder, name);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  const load = (col: string, path: string) => runLoad({ store, apiKey: KEY, db: DB, col, file: path });
  const insert = (col: string, text: string) => service.raw('POST', docsOf(col), { body: `{"document": ${text}, "safe": true}` });

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'dbhost-pg-load-'));
    store = freshPostgresStore();
    service = await startServiceInChild({ apiKeys: [KEY], empty: true, store });
    assert.equal((await service.raw('POST', '/databases', { body: jsonBody({ name: DB, slug: 'sandbox' }) })).status, 200);
  });
  after(async () => {
    await service?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('stores what inserts through the interface store: the same answers from a service that was running, and the same rows', async () => {
    const lines = Array.from({ length: COUNT }, (_, i) => line(i));
    for (let from = 0; from < COUNT; from += 100) {
      const answers = await Promise.all(lines.slice(from, from + 100).map((text) => insert('viaInterface', text)));
      for (const answer of answers) assert.equal(answer.status, 200, answer.text);
    }
    // The running service has read the account's catalog before the load: the load must make it read it again.
    const before = (await get(service, `/databases/${DB}/collections`)).json as { name: string }[];
    assert.deepEqual(
      before.map((col) => col.name),
      ['viaInterface'],
    );

    const outcome = await load('viaLoad', file('all.jsonl', ['', ...lines, '  ']));
    assert.deepEqual(outcome, { loaded: COUNT, warned: 0 });

    const listed = (await get(service, `/databases/${DB}/collections`)).json as { name: string; count: number; size: number }[];
    const byName = new Map(listed.map(({ name, ...figures }) => [name, figures]));
    assert.deepEqual(byName.get('viaLoad'), byName.get('viaInterface'));
    assert.equal(byName.get('viaLoad')?.count, COUNT);
    for (const path of [
      (col: string) => query(col, { limit: COUNT }),
      (col: string) => query(col, { q: { 'a.b.c': 3 }, sort: { big: -1 }, limit: 50 }),
      (col: string) => query(col, { q: { big: { $gt: 9_007_199_254_741_000 } }, limit: 5 }),
      (col: string) => query(col, { q: { 'a.tags': 'x2', n: { $gte: 1000 } }, sort: { _id: 1 }, skip: 3, limit: 20 }),
      (col: string) => `${docsOf(col)}/9`,
      (col: string) => `${docsOf(col)}/s10`,
      (col: string) => `${docsOf(col)}/${(0x650000000000 + 2).toString(16).padStart(24, '0')}`,
    ]) {
      const [loaded, inserted] = [await get(service, path('viaLoad')), await get(service, path('viaInterface'))];
      assert.equal(loaded.text, inserted.text, path('viaLoad'));
      assert.equal(loaded.headers.get('x-service-count'), inserted.headers.get('x-service-count'));
    }
    assert.match((await get(service, `${docsOf('viaLoad')}/9`)).text, /"big":9007199254741002,/);

    const pool = new Pool({ connectionString: store, max: 1 });
    try {
      const rows = async (col: string) =>
        (
          await pool.query(
            `SELECT id, body, doc::text AS doc, version, pos - min(pos) OVER () AS place FROM dbhost_documents WHERE db = $1 AND col = $2 ORDER BY pos`,
            [DB, col],
          )
        ).rows;
      const loadedRows = await rows('viaLoad');
      assert.equal(loadedRows.length, COUNT);
      assert.deepEqual(loadedRows, await rows('viaInterface'));
    } finally {
      await pool.end();
    }
  });

  it('adds to a collection a running service holds loaded, which then answers with both', async () => {
    assert.equal((await insert('kept', '{"_id": "first", "n": -1}')).status, 200);
    assert.equal((await get(service, query('kept', { q: { n: { $lt: 0 } } }))).headers.get('x-service-count'), '1');
    await load('kept', file('kept.jsonl', ['{"_id": "second", "n": 1}', '{"n": 2}']));
    const all = (await get(service, query('kept', { sort: { n: 1 } }))).json as { _id: unknown; n: number }[];
    assert.deepEqual(
      all.map((doc) => doc.n),
      [-1, 1, 2],
    );
    // A line without an _id gets an object id, as an insert gives one.
    assert.match(JSON.stringify(all[2]._id), /^\{"\$oid":"[0-9a-f]{24}"\}$/);
    const write = await service.raw('PUT', `${docsOf('kept')}/second`, { body: jsonBody({ document: { $set: { n: 10 } }, safe: true }) });
    assert.equal(write.status, 200, write.text);
  });

  it('leaves what it loaded vacuumed: every page of its rows visible to all, none left for an autovacuum while services read them', async () => {
    await load(
      'vacuumed',
      file(
        'vacuumed.jsonl',
        Array.from({ length: COUNT }, (_, i) => line(i)),
      ),
    );
    const pool = new Pool({ connectionString: store, max: 1 });
    try {
      await pool.query('CREATE EXTENSION IF NOT EXISTS pg_visibility');
      const { rows } = await pool.query<{ pages: string; visible: string }>(
        `SELECT count(*) AS pages, count(*) FILTER (WHERE v.all_visible) AS visible FROM pg_visibility_map('dbhost_documents') v
         WHERE v.blkno IN (SELECT DISTINCT (ctid::text::point)[0]::bigint FROM dbhost_documents WHERE db = $1 AND col = $2)`,
        [DB, 'vacuumed'],
      );
      assert.ok(Number(rows[0].pages) > 10);
      assert.equal(rows[0].visible, rows[0].pages);
    } finally {
      await pool.end();
    }
  });

  it('runs as `npm run pg-load`: the key from the environment, a line of what it loaded, and a refusal as one line naming the line', () => {
    const run = (col: string, lines: string[]) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/service/bulkLoad/main.ts', '--store', store, '--db', DB, '--col', col, file(`${col}.jsonl`, lines)],
        {
          encoding: 'utf8',
          env: { ...process.env, DBHOST_API_KEY: KEY },
        },
      );
    const loaded = run('fromCli', ['{"_id": 1}', '{"_id": 2}']);
    assert.equal(loaded.status, 0, loaded.stderr);
    assert.match(loaded.stdout, /^Loaded 2 documents into bulk\.fromCli in [\d.]+ s\n$/);
    const refused = run('fromCli', ['{"_id": 3}', '{"_id": 4, "prototype": 1}']);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /^Nothing was loaded: Line 2: The field name "prototype" is refused/);
    for (const output of [loaded.stdout, loaded.stderr, refused.stdout, refused.stderr])
      assert.ok(!output.includes(KEY), 'the API key was printed');
  });

  it('loads a file of no lines: nothing, and the collection made', async () => {
    assert.deepEqual(await load('emptyFile', file('empty.jsonl', [])), { loaded: 0, warned: 0 });
    const listed = (await get(service, `/databases/${DB}/collections`)).json as { name: string; count: number }[];
    assert.equal(listed.find((found) => found.name === 'emptyFile')?.count, 0);
  });

  it('leaves nothing half-loaded when the loader is killed in the middle, and the account free for writes', async () => {
    assert.equal((await insert('killed', '{"_id": "before"}')).status, 200);
    const lines = Array.from({ length: 3 * ROWS_PER_COPY }, (_, i) => `{"_id": ${i}, "n": ${i}}`);
    const loader = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/service/bulkLoad/main.ts', '--store', store, '--db', DB, '--col', 'killed', file('killed.jsonl', lines)],
      { env: { ...process.env, DBHOST_API_KEY: KEY }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const exited = once(loader, 'exit');
    // Its first report comes once some COPY statements are done, inside the load's transaction.
    let stderr = '';
    for await (const chunk of loader.stderr) {
      stderr += String(chunk);
      if (stderr.includes('documents sent')) break;
    }
    assert.match(stderr, /^[\d,]+ documents sent/);
    loader.kill('SIGKILL');
    await exited;
    // Taken only once PostgreSQL rolled the loader's transaction back and released the account.
    assert.equal((await insert('killed', '{"_id": "after"}')).status, 200);
    const all = (await get(service, query('killed', { limit: 10 }))).json as { _id: unknown }[];
    assert.deepEqual(
      all.map((doc) => doc._id),
      ['before', 'after'],
    );
    const pool = new Pool({ connectionString: store, max: 1 });
    try {
      const { rows } = await pool.query(`SELECT count(*)::int AS n FROM dbhost_documents WHERE db = $1 AND col = 'killed'`, [DB]);
      assert.equal(rows[0].n, 2);
    } finally {
      await pool.end();
    }
  });

  describe('refuses a file with a line the interface would refuse, naming the line, and stores nothing of it', () => {
    /** Loads `lines` into `col`, expecting a refusal matching `message` and `col` to hold `holds` documents after; gives the message. */
    const refusedLoad = async (col: string, lines: string[], message: RegExp, holds = 0): Promise<string> => {
      const error = await load(col, file(`${col}.jsonl`, lines)).then(
        () => assert.fail('the load was not refused'),
        (failure: unknown) => failure as Error,
      );
      assert.match(error.message, message);
      const listed = (await get(service, `/databases/${DB}/collections`)).json as { name: string; count: number }[];
      assert.equal(listed.find((found) => found.name === col)?.count ?? 0, holds, `${col} after the refused load`);
      return error.message;
    };

    it('a line that is not JSON, or not an object', async () => {
      await refusedLoad('broken', ['{"_id": 1}', '{"_id": 2}', '{"_id": 3, "n": tru}'], /^Line 3: it is not valid JSON/);
      await refusedLoad('broken', ['{"_id": 1}', '[1, 2]'], /^Line 2: it is not a JSON object/);
    });

    it('a document the interface refuses, with the interface’s own reason', async () => {
      for (const bad of ['{"_id": 5, "constructor": {"polluted": true}}', '{"_id": 5, "a": {"$oid": "nothex"}}', '{"_id": [1, 2]}']) {
        const refused = await insert('refused', bad);
        assert.equal(refused.status, 400, refused.text);
        const message = await refusedLoad('refused', ['{"_id": 4}', bad], /^Line 2: /);
        assert.equal(message, `Line 2: ${errorText(refused)}`);
      }
    });

    it('an _id given twice in the file, or one the collection holds', async () => {
      const lines = Array.from({ length: 7_000 }, (_, i) => `{"_id": ${i}}`);
      await refusedLoad(
        'twice',
        [...lines, '{"_id": 6999}'],
        /^Line 7001: E11000 duplicate key error index: bulk\.twice\.\$_id_ dup key: \{ : 6999 \}/,
      );
      await refusedLoad('twice', ['{"_id": 1}', '{"_id": "1"}', '{"_id": 1.0}'], /^Line 3: E11000 duplicate key error/);
    });

    it('an _id given again far from its first line (another COPY of the load), and one the collection held before', async () => {
      const count = ROWS_PER_COPY + 10_000;
      // Blank lines before and among the documents: the line named is the file's, not the document's rank.
      const lines = [
        '',
        ...Array.from({ length: count }, (_, i) => (i === 100 ? '' : `{"_id": {"$oid": "${i.toString(16).padStart(24, '0')}"}}`)),
      ];
      await refusedLoad(
        'farApart',
        [...lines, `{"_id": {"$oid": "${(7).toString(16).padStart(24, '0')}"}, "again": true}`],
        new RegExp(
          `^Line ${count + 2}: E11000 duplicate key error index: bulk\\.farApart\\.\\$_id_ dup key: \\{ : \\{"\\$oid":"0{23}7"\\} \\}$`,
        ),
      );
      assert.equal((await insert('farApart', '{"_id": "held", "n": 1}')).status, 200);
      await refusedLoad(
        'farApart',
        [...lines.slice(0, 2 * ROWS_PER_COPY), '{"_id": "held"}'],
        /^Line \d+: E11000 duplicate key error index: bulk\.farApart\.\$_id_ dup key: \{ : "held" \}$/,
        1,
      );
    });

    it('an _id given twice within a COPY deep in the load: its second line named, no row of any COPY of the load stored', async () => {
      assert.equal((await insert('deep', '{"_id": "held", "n": 1}')).status, 200);
      const lines = Array.from({ length: 2 * ROWS_PER_COPY + 20 }, (_, i) => `{"_id": ${i}}`);
      // Both lines of the key in the third COPY, which PostgreSQL refuses after two were written in the transaction.
      lines.splice(2 * ROWS_PER_COPY + 5, 0, '{"_id": "twice", "n": 1}');
      lines.splice(2 * ROWS_PER_COPY + 12, 0, '{"_id": "twice", "n": 2}');
      await refusedLoad(
        'deep',
        lines,
        new RegExp(`^Line ${2 * ROWS_PER_COPY + 13}: E11000 duplicate key error index: bulk\\.deep\\.\\$_id_ dup key: \\{ : "twice" \\}$`),
        1,
      );
      const pool = new Pool({ connectionString: store, max: 1 });
      try {
        const { rows } = await pool.query(`SELECT id FROM dbhost_documents WHERE db = $1 AND col = 'deep'`, [DB]);
        assert.equal(rows.length, 1);
      } finally {
        await pool.end();
      }
      assert.equal((await insert('deep', '{"_id": "after"}')).status, 200);
    });

    it('a bad line at the very end of a long file: what was sent before it is not stored', async () => {
      const lines = Array.from({ length: ROWS_PER_COPY + 5_000 }, (_, i) => `{"_id": ${i}}`);
      await refusedLoad('badEnd', [...lines, '{"_id": "last", "n": }'], new RegExp(`^Line ${lines.length + 1}: it is not valid JSON`));
    });

    it('a document that breaks the collection’s validation rules, as an insert is refused', async () => {
      const rules = { $jsonSchema: { required: ['price'], properties: { price: { bsonType: 'number', minimum: 0 } } } };
      assert.equal((await insert('ruled', '{"_id": 0, "price": 1}')).status, 200);
      const set = await service.raw('PUT', `/databases/${DB}/collections/ruled`, { body: jsonBody({ validator: rules }) });
      assert.equal(set.status, 200, set.text);
      const refused = await insert('ruled', '{"_id": 2, "price": -5}');
      assert.equal(refused.status, 400, refused.text);
      const message = await refusedLoad('ruled', ['{"_id": 1, "price": 3}', '{"_id": 2, "price": -5}'], /^Line 2: /, 1);
      assert.equal(message, `Line 2: ${errorText(refused)}`);
    });

    it('a collection with a unique index, or a database that does not exist', async () => {
      assert.equal((await insert('uniq', '{"_id": 0, "email": "a@x"}')).status, 200);
      const index = await service.raw('POST', `/databases/${DB}/collections/uniq/indexes`, {
        body: jsonBody({ spec: { email: 1 }, unique: true }),
      });
      assert.equal(index.status, 200, index.text);
      await refusedLoad(
        'uniq',
        ['{"_id": 1, "email": "a@x"}'],
        /bulk\.uniq has the unique index email_1.*load first, then create the index/,
        1,
      );
      await assert.rejects(
        runLoad({ store, apiKey: KEY, db: 'nowhere', col: 'c', file: file('nowhere.jsonl', ['{}']) }),
        /Database "nowhere" does not exist/,
      );
      await assert.rejects(
        runLoad({ store, apiKey: 'another-key', db: DB, col: 'c', file: file('other.jsonl', ['{}']) }),
        /No account of this API key in the store/,
      );
    });
  });
});
