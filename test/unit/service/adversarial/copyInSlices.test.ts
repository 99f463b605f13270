import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { accountTag, dataFolderSecret, keyDigest } from '../../../../src/service/accountTags';
import { ObjectId } from '../../../../src/service/bson/objectId';
import { AccountDataStore } from '../../../../src/service/store/accountDataStore';
import { Journal } from '../../../../src/service/store/journal';
import type { Mutation } from '../../../../src/service/store/mutations';
import { stringifyMutations } from '../../../../src/service/store/mutations';
import { journalLineInSlices } from '../../../../src/service/store/slicedLine';
import { bundleService } from '../../../support/serviceBundle';
import type { ChildService, InProcessService, RawAnswer } from '../../../support/testService';
import { jsonBody, startServiceInChild, startServiceInProcess, temporaryDirectory } from '../../../support/testService';
import { describeJournalStore, describeSeedingJournalFiles } from '../../../support/testStore';

const KEY = 'copy-slices-key-a';
const OTHER = 'copy-slices-key-b';
const COUNT = 30_000;

/** Writes the documents straight into the account's store, as the service finds them after a restart. */
const accountFolder = (dataDir: string, key: string): string =>
  join(dataDir, 'accounts', accountTag(keyDigest(dataFolderSecret(dataDir), key)));

function seed(dataDir: string, key: string): void {
  const { store } = AccountDataStore.open(accountFolder(dataDir, key), () => undefined);
  const mutations: Mutation[] = [
    { op: 'createDatabase', name: 'src', slug: 'sandbox', created: '2024-01-01T00:00:00.000Z' },
    { op: 'createCollection', db: 'src', name: 'c' },
  ];
  for (let n = 0; n < COUNT; n++) mutations.push({ op: 'put', db: 'src', col: 'c', doc: { _id: n, n, v: 'before', t: 'a'.repeat(40) } });
  store.commit(mutations, true);
  store.close();
}

/** Issue 22: a Copy Database of a large database runs in slices, so every account is answered meanwhile, and the copy is whole. */
describeSeedingJournalFiles('adversarial: Copy Database of 30,000 documents does not hold the service', function () {
  this.timeout(120_000);
  let running: InProcessService;

  before(async () => {
    const dataDir = temporaryDirectory('adversarial-copy');
    seed(dataDir, KEY);
    seed(dataDir, OTHER);
    running = await startServiceInProcess({ apiKeys: [KEY, OTHER], dataDir, empty: true });
  });
  after(async () => running?.stop());

  const count = async (db: string, q: unknown = {}): Promise<number> => {
    const answer = await running.raw('GET', `/databases/${db}/collections/c/documents?limit=1&q=${encodeURIComponent(JSON.stringify(q))}`);
    assert.equal(answer.status, 200, answer.text);
    return Number(answer.headers.get('X-Service-Count'));
  };

  it('answers another account and a write to the source while it copies; the copy is the source as it was, whole, when answered', async () => {
    const order: string[] = [];
    let ended = false;
    const copy = running.raw('POST', '/copy_database', { body: jsonBody({ from: 'src', to: 'dst' }) }).then((answer: RawAnswer) => {
      ended = true;
      order.push('copy');
      return answer;
    });
    let seen = false;
    while (!ended && !seen) {
      const ops = await running.raw('GET', '/databases/src/ops');
      seen = (ops.json as { inprog: { query?: { copydb?: number } }[] }).inprog.some((op) => op.query?.copydb === 1);
    }
    assert.ok(seen, 'the copy ended before it was seen running: it held the service while it copied');
    const other = running.raw('GET', '/databases/src/collections/c/documents?limit=5', { key: OTHER }).then((answer) => {
      order.push('other account');
      return answer;
    });
    const write = running
      .raw('PUT', '/databases/src/collections/c/documents', {
        body: jsonBody({ criteria: { n: { $lt: 10 } }, object: { $set: { v: 'during' } }, multi: true, safe: true }),
      })
      .then((answer) => {
        order.push('write');
        return answer;
      });
    const insert = running
      .raw('POST', '/databases/src/collections/c/documents', { body: jsonBody({ document: { _id: 'new' }, safe: true }) })
      .then((answer) => {
        order.push('insert');
        return answer;
      });
    const [copied, otherAnswer, written, inserted] = await Promise.all([copy, other, write, insert]);
    assert.equal(copied.status, 200, copied.text);
    assert.deepEqual(copied.json, { copy: true, from: 'src', to: 'dst' });
    assert.equal(otherAnswer.status, 200);
    assert.equal(written.status, 200, written.text);
    assert.equal(inserted.status, 200, inserted.text);
    // The bulk update scans in slices too, so it may end before or after the copy; the other two are answered meanwhile.
    assert.ok(order.indexOf('other account') < order.indexOf('copy'), `answered in the order ${order.join(', ')}`);
    assert.ok(order.indexOf('insert') < order.indexOf('copy'), `answered in the order ${order.join(', ')}`);

    assert.equal(await count('dst'), COUNT, 'every document of the source as it was');
    assert.equal(await count('dst', { _id: 'new' }), 0, 'the insert answered during the copy is not in it');
    assert.equal(await count('dst', { v: 'during' }), 0, 'nor any document of the update made during it (never half of them)');
    assert.equal(await count('src'), COUNT + 1, 'the source keeps its acknowledged insert');
    assert.equal(await count('src', { v: 'during' }), 10, 'and its acknowledged update');
  });
});

describeJournalStore('adversarial: the Copy Database journal entry is serialised in slices', () => {
  it('is the line a commit writes, extended values included, and lets other requests run before it is ready', async () => {
    const mutations: Mutation[] = [{ op: 'createCollection', db: 'dst', name: 'c' }];
    for (let n = 0; n < COUNT; n++)
      mutations.push({ op: 'put', db: 'dst', col: 'c', doc: { _id: ObjectId.generate(), n, at: new Date(n), t: 'é'.repeat(20) } });
    const order: string[] = [];
    const line = journalLineInSlices(mutations, { at: 7 }).then((pieces) => {
      order.push('line');
      return pieces;
    });
    setImmediate(() => order.push('other request'));
    const pieces = await line;
    assert.deepEqual(order, ['other request', 'line'], 'the serialisation held the event loop until it was done');
    assert.ok(pieces.length > 2, 'one slice serialised everything');
    assert.equal(Buffer.concat(pieces).toString('utf8'), `${stringifyMutations(mutations, { at: 7 })}\n`);
  });
});

describeJournalStore('adversarial: a journal line written in slices', () => {
  const bigLine = async (): Promise<{ pieces: Buffer[]; text: string }> => {
    const mutations: Mutation[] = [];
    for (let n = 0; n < COUNT; n++) mutations.push({ op: 'put', db: 'dst', col: 'c', doc: { _id: n, t: 'a'.repeat(400) } });
    return { pieces: await journalLineInSlices(mutations, { at: 1 }), text: stringifyMutations(mutations, { at: 1 }) };
  };

  it('lets other requests run while it is written, and a line appended meanwhile follows it whole', async () => {
    const path = join(temporaryDirectory('sliced-line'), 'journal-0.jsonl');
    const journal = new Journal(path);
    const { pieces, text } = await bigLine();
    const order: string[] = [];
    const written = journal
      .appendInSlices(pieces, () => {
        order.push('line whole');
        return undefined;
      })
      .then(() => order.push('line synced'));
    await new Promise((resolve) => setImmediate(resolve));
    order.push('other request');
    journal.append('{"m":[]}', false);
    await written;
    journal.close();
    assert.deepEqual(order, ['other request', 'line whole', 'line synced'], 'the line held the event loop until it was written');
    assert.equal(readFileSync(path, 'utf8'), `${text}\n{"m":[]}\n`);
    rmSync(path);
  });

  it('takes a line back when it is refused once whole, so that the next line starts clean', async () => {
    const path = join(temporaryDirectory('sliced-line'), 'journal-0.jsonl');
    const journal = new Journal(path);
    journal.append('{"m":[1]}', false);
    const { pieces } = await bigLine();
    const outcome = await journal.appendInSlices(pieces, () => 'Destination database is not empty.');
    journal.append('{"m":[2]}', false);
    journal.close();
    assert.deepEqual(outcome, { refused: 'Destination database is not empty.' });
    assert.equal(readFileSync(path, 'utf8'), '{"m":[1]}\n{"m":[2]}\n');
    rmSync(path);
  });
});

/** A GET or POST to a child service with the copying account's key. */
async function call(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; count: number; json: unknown }> {
  const url = new URL(path, base);
  url.searchParams.set('_apikey', KEY);
  const response = await fetch(url, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
  const text = await response.text();
  return { status: response.status, count: Number(response.headers.get('x-service-count')), json: text ? JSON.parse(text) : undefined };
}

/** The documents of `db`.c, or undefined when the database does not exist. */
async function copied(base: string, db: string): Promise<number | undefined> {
  const answer = await call(base, 'GET', `/databases/${db}/collections/c/documents?limit=1`);
  if (answer.status === 404) return undefined;
  assert.equal(answer.status, 200);
  return answer.count;
}

describeSeedingJournalFiles('adversarial: a Copy Database killed with -9 is whole or absent after restart', function () {
  this.timeout(120_000);
  let workDirectory: string;
  let script: string;
  const running: ChildService[] = [];

  before(() => {
    workDirectory = temporaryDirectory('copy-kill');
    script = bundleService(workDirectory);
  });
  afterEach(() => Promise.all(running.splice(0).map((child) => child.kill())));
  after(() => rmSync(workDirectory, { recursive: true, force: true }));

  const start = async (dataDir: string): Promise<ChildService> => {
    const child = await startServiceInChild({ script, dataDir, keepData: true, apiKeys: [KEY] });
    running.push(child);
    return child;
  };

  it('keeps the whole copy once it is answered, and none of it when killed while it copies', async () => {
    const dataDir = join(workDirectory, 'answered');
    seed(dataDir, KEY);
    const first = await start(dataDir);
    const answer = await call(first.url, 'POST', '/copy_database', { from: 'src', to: 'dst' });
    assert.deepEqual(answer.json, { copy: true, from: 'src', to: 'dst' });
    const killedWhileCopying = call(first.url, 'POST', '/copy_database', { from: 'src', to: 'dst2' }).catch(() => undefined);
    let seen = false;
    while (!seen) {
      const ops = await call(first.url, 'GET', '/databases/src/ops');
      seen = (ops.json as { inprog: { query?: { copydb?: number } }[] }).inprog.some((op) => op.query?.copydb === 1);
    }
    await first.kill();
    const acknowledged = await killedWhileCopying;

    const second = await start(dataDir);
    assert.equal(await copied(second.url, 'dst'), COUNT, 'the answered copy is whole after kill -9');
    const cut = await copied(second.url, 'dst2');
    if (acknowledged) assert.equal(cut, COUNT, 'an answered copy is kept');
    else assert.ok(cut === undefined || cut === COUNT, `the copy killed while it copied holds ${cut} of ${COUNT} documents`);
    assert.equal(await copied(second.url, 'src'), COUNT);
  });

  it('refuses the copy, or takes the write after it, when the empty destination is written while it copies; a restart shows the same', async () => {
    const dataDir = join(workDirectory, 'raced');
    seed(dataDir, KEY);
    const first = await start(dataDir);
    assert.equal((await call(first.url, 'POST', '/databases', { name: 'dst', slug: 'sandbox' })).status, 200);
    const copy = call(first.url, 'POST', '/copy_database', { from: 'src', to: 'dst' });
    let seen = false;
    while (!seen) {
      const ops = await call(first.url, 'GET', '/databases/src/ops');
      seen = (ops.json as { inprog: { query?: { copydb?: number } }[] }).inprog.some((op) => op.query?.copydb === 1);
    }
    const insert = await call(first.url, 'POST', '/databases/dst/collections/c/documents', { document: { _id: 'mine' }, safe: true });
    assert.equal(insert.status, 200);
    const copyAnswer = (await copy).json as { copy: boolean; error?: string };
    const expected = copyAnswer.copy ? COUNT + 1 : 1;
    if (!copyAnswer.copy) assert.equal(copyAnswer.error, 'Destination database is not empty.');
    assert.equal(await copied(first.url, 'dst'), expected);
    await first.kill();

    const second = await start(dataDir);
    assert.equal(await copied(second.url, 'dst'), expected, 'the data after a restart is what was answered');
    assert.equal((await call(second.url, 'GET', '/databases/dst/collections/c/documents?limit=1&q=%7B%22_id%22%3A%22mine%22%7D')).count, 1);
  });

  it('drops a copy whose journal entry was cut off mid-write, whole, and keeps the rest', async () => {
    const dataDir = join(workDirectory, 'torn');
    seed(dataDir, KEY);
    const first = await start(dataDir);
    assert.equal(
      (await call(first.url, 'POST', '/databases/src/collections/c/documents', { document: { _id: 'before' }, safe: true })).status,
      200,
    );
    const folder = accountFolder(dataDir, KEY);
    const journal = readdirSync(folder).find((name) => /^journal-\d+\.jsonl$/.test(name))!;
    const before = statSync(join(folder, journal)).size;
    assert.deepEqual((await call(first.url, 'POST', '/copy_database', { from: 'src', to: 'dst' })).json, {
      copy: true,
      from: 'src',
      to: 'dst',
    });
    await first.kill();
    const after = statSync(join(folder, journal)).size;
    assert.ok(after - before > 1_000_000, 'the copy is one journal entry after the insert');
    // What a kill -9 in the middle of writing the entry leaves: its first half, no newline.
    truncateSync(join(folder, journal), before + Math.floor((after - before) / 2));

    const second = await start(dataDir);
    assert.equal(await copied(second.url, 'dst'), undefined, 'no half copy');
    assert.equal(await copied(second.url, 'src'), COUNT + 1, 'the source and the write before the copy are kept');
    assert.match(second.output(), /ignored \d+ bytes of a write that never finished/);
  });
});
