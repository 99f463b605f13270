import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupRefusal } from '../../../../src/service/store/damagedFiles';
import { AccountDataStore } from '../../../../src/service/store/accountDataStore';
import type { Mutation } from '../../../../src/service/store/mutations';
import { startServiceInProcess, temporaryDirectory } from '../../../support/testService';
import { describeJournalStore } from '../../../support/testStore';

const SETUP: Mutation[] = [
  { op: 'createDatabase', name: 'db', slug: 'sandbox', created: '2024-01-01T00:00:00.000Z' },
  { op: 'createCollection', db: 'db', name: 'c' },
];
const put = (id: number): Mutation[] => [{ op: 'put', db: 'db', col: 'c', doc: { _id: id, text: `document ${id}` } }];

/** Every file of the folder with its bytes, to show that a refused start changed nothing. */
function contents(directory: string): Map<string, string> {
  return new Map(
    readdirSync(directory)
      .sort()
      .map((name) => [name, readFileSync(join(directory, name), 'latin1')]),
  );
}

const journalOf = (directory: string): string =>
  join(
    directory,
    readdirSync(directory).find((name) => /^journal-\d+\.jsonl$/.test(name))!,
  );
const idsIn = (store: AccountDataStore): unknown[] => (store.state.collection('db', 'c')?.entries ?? []).map((entry) => entry.doc._id);
const keptAside = (directory: string, prefix: string): string[] =>
  readdirSync(directory).filter((name) => name.startsWith(`${prefix}.damaged-`));

/** Replaces the `index`th line of a file (0-based) with `text`. */
function damageLine(path: string, index: number, text: string): string {
  const lines = readFileSync(path, 'utf8').split('\n');
  const original = lines[index];
  lines[index] = text;
  writeFileSync(path, lines.join('\n'));
  return original;
}

describeJournalStore('adversarial durability: start-up on damaged account files', () => {
  let directory: string;
  let log: string[];
  const open = () => AccountDataStore.open(directory, (line) => log.push(line));

  /** Documents 1-3 in the snapshot, 4-6 in the journal, each line acknowledged (durable). */
  beforeEach(() => {
    directory = temporaryDirectory('adversarial-damage');
    log = [];
    const { store } = open();
    store.commit(SETUP, true);
    for (const id of [1, 2, 3]) store.commit(put(id), true);
    assert.equal(store.compact(), true);
    for (const id of [4, 5, 6]) store.commit(put(id), true);
    store.close();
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  function assertRefused(pattern: RegExp): void {
    const before = contents(directory);
    assert.throws(open, (error: unknown) => error instanceof StartupRefusal && pattern.test(error.message));
    assert.deepEqual(contents(directory), before, 'a refused start changes no file');
  }

  it('refuses to start, changing nothing, when the snapshot header is damaged (generation → generatiom)', () => {
    const snapshot = join(directory, 'snapshot.jsonl');
    writeFileSync(snapshot, readFileSync(snapshot, 'utf8').replace('"generation"', '"generatiom"'));
    assertRefused(/first line is not a readable snapshot header.*Restore the file from a backup, or repair that line/);
  });

  it('refuses to start when the snapshot header is not JSON at all', () => {
    damageLine(join(directory, 'snapshot.jsonl'), 0, '{"snapshot":1,"gener');
    assertRefused(/first line is not a readable snapshot header/);
  });

  it('refuses to start when the snapshot is zero-length, with or without its journal', () => {
    truncateSync(join(directory, 'snapshot.jsonl'), 0);
    assertRefused(/snapshot\.jsonl is empty.*Restore it from a backup, or move the folder .* away/);
    unlinkSync(journalOf(directory));
    assertRefused(/snapshot\.jsonl is empty/);
  });

  it('refuses to start when the snapshot is missing but its journal is there', () => {
    unlinkSync(join(directory, 'snapshot.jsonl'));
    assertRefused(/holds journal-\d+\.jsonl but not snapshot\.jsonl.*Restore snapshot\.jsonl from a backup/);
  });

  it('refuses to start when a journal is newer than the snapshot (an older snapshot copied back)', () => {
    const older = readFileSync(join(directory, 'snapshot.jsonl'));
    const { store } = open();
    store.commit(put(7), true);
    assert.equal(store.compact(), true);
    store.close();
    writeFileSync(join(directory, 'snapshot.jsonl'), older);
    assertRefused(/newer than its snapshot\.jsonl/);
  });

  it('starts on journals that continue one another after the snapshot (a compaction in the background cut short), replaying each', () => {
    const journal = journalOf(directory);
    const generation = Number(/journal-(\d+)/.exec(journal)![1]);
    writeFileSync(join(directory, `journal-${generation + 1}.jsonl`), `${JSON.stringify({ m: put(8) })}\n`);
    const { store } = open();
    assert.deepEqual(idsIn(store), [1, 2, 3, 4, 5, 6, 8]);
    store.close();
    writeFileSync(join(directory, `journal-${generation + 3}.jsonl`), `${JSON.stringify({ m: put(9) })}\n`);
    assertRefused(/journal-\d+\.jsonl, newer than its snapshot\.jsonl/);
  });

  it('keeps a snapshot with a damaged body line aside, byte for byte, and serves every readable document', () => {
    const snapshot = join(directory, 'snapshot.jsonl');
    const original = readFileSync(snapshot, 'utf8');
    const lines = original.split('\n');
    const documentLine = lines.findIndex((line) => line.includes('document 2'));
    damageLine(snapshot, documentLine, lines[documentLine].slice(0, 20));
    const damaged = readFileSync(snapshot, 'utf8');

    const { store } = open();
    // The snapshot writes documents in batches: every document of the damaged batch is missing from memory, none from disk.
    assert.deepEqual(
      idsIn(store),
      [1, 2, 3, 4, 5, 6].filter((id) => !lines[documentLine].includes(`document ${id}"`)),
    );
    assert.ok(
      log.some((line) => new RegExp(`skipped an unreadable line ${documentLine + 1}`).test(line)),
      log.join('\n'),
    );
    const kept = keptAside(directory, 'snapshot.jsonl');
    assert.equal(kept.length, 1, 'the damaged snapshot is kept aside when the start-up compaction replaces it');
    assert.equal(readFileSync(join(directory, kept[0]), 'utf8'), damaged, 'the kept file holds the unreadable line');
    store.close();
    const again = open().store;
    assert.deepEqual(idsIn(again), [4, 5, 6]);
    again.close();
  });

  it('keeps a journal with a damaged line aside and never rewrites the data without it', () => {
    const journal = journalOf(directory);
    damageLine(journal, 1, '{"at":1,"m":[{"op":"put","db":"db","col":"c","doc":{"_id":5,"te');
    const damaged = readFileSync(journal, 'utf8');

    const { store } = open();
    assert.deepEqual(idsIn(store), [1, 2, 3, 4, 6]);
    assert.ok(
      log.some((line) => /skipped an unreadable line 2 \(the file is kept/.test(line)),
      log.join('\n'),
    );
    const kept = keptAside(directory, journal.slice(directory.length + 1));
    assert.equal(kept.length, 1);
    assert.equal(readFileSync(join(directory, kept[0]), 'utf8'), damaged);
    assert.ok(
      log.some((line) => line.includes(kept[0])),
      'the log names where the damaged file went',
    );
    store.close();
  });

  it('keeps the whole journal when the damaged line is the one that created the collection', () => {
    const { store } = open();
    assert.equal(store.compact(), true); // documents 4-6 into the snapshot: the journal starts with the new collection
    store.commit([{ op: 'createCollection', db: 'db', name: 'late' }], true);
    store.commit([{ op: 'put', db: 'db', col: 'late', doc: { _id: 'a' } }], true);
    store.close();
    const journal = journalOf(directory);
    const before = readFileSync(journal, 'utf8');
    damageLine(journal, 0, 'not json at all');
    const reopened = open().store;
    assert.equal(reopened.state.collection('db', 'late'), undefined);
    const kept = keptAside(directory, journal.slice(directory.length + 1));
    assert.equal(kept.length, 1);
    assert.equal(
      readFileSync(join(directory, kept[0]), 'utf8').split('\n')[1],
      before.split('\n')[1],
      'the line that put the document is still on disk',
    );
    reopened.close();
  });

  it('keeps a journal whose last line was cut short (a write killed mid-way) and writes after it without joining it', () => {
    const journal = journalOf(directory);
    const text = readFileSync(journal, 'utf8');
    writeFileSync(journal, text.slice(0, text.length - 15));
    const cut = readFileSync(journal, 'utf8');

    const { store } = open();
    assert.deepEqual(idsIn(store), [1, 2, 3, 4, 5]);
    assert.ok(log.some((line) => /bytes of a write that never finished/.test(line)));
    const kept = keptAside(directory, journal.slice(directory.length + 1));
    assert.equal(readFileSync(join(directory, kept[0]), 'utf8'), cut);
    store.commit(put(7), true);
    store.close();
    const again = open().store;
    assert.deepEqual(idsIn(again), [1, 2, 3, 4, 5, 7]);
    again.close();
  });

  it('removes a leftover snapshot.jsonl.tmp (an unfinished copy) and loses nothing', () => {
    writeFileSync(join(directory, 'snapshot.jsonl.tmp'), '{"snapshot":1,"generation":99}\n{"m":[');
    const { store } = open();
    assert.deepEqual(idsIn(store), [1, 2, 3, 4, 5, 6]);
    assert.equal(existsSync(join(directory, 'snapshot.jsonl.tmp')), false);
    store.close();
  });

  it('starts on a damaged snapshot body line with an empty journal, leaving the file in place until a compaction keeps it aside', () => {
    const { store } = open();
    assert.equal(store.compact(), true);
    store.close();
    const snapshot = join(directory, 'snapshot.jsonl');
    const lines = readFileSync(snapshot, 'utf8').split('\n');
    damageLine(
      snapshot,
      lines.findIndex((line) => line.includes('document 4')),
      '{broken',
    );
    const damaged = readFileSync(snapshot, 'utf8');
    const before = contents(directory);
    const reopened = open().store;
    assert.deepEqual(idsIn(reopened), []);
    assert.deepEqual(contents(directory), before, 'nothing to replay: no file was rewritten');
    reopened.commit([{ op: 'createCollection', db: 'db', name: 'c' }, ...put(7)], true);
    assert.equal(reopened.compact(), true);
    reopened.close();
    const [kept] = keptAside(directory, 'snapshot.jsonl');
    assert.equal(readFileSync(join(directory, kept), 'utf8'), damaged);
  });
});

describeJournalStore('adversarial durability: the data folder secret', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = temporaryDirectory('adversarial-secret')));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start when the secret is missing but account folders exist, instead of making fresh accounts', async () => {
    const first = await startServiceInProcess({ dataDir, keepData: true, apiKeys: ['secret-test-key-1'], empty: true });
    await first.stop();
    const [folder] = readdirSync(join(dataDir, 'accounts'));
    const before = contents(join(dataDir, 'accounts', folder));
    unlinkSync(join(dataDir, 'secret'));

    await assert.rejects(
      startServiceInProcess({ dataDir, keepData: true, apiKeys: ['secret-test-key-1'], empty: true }),
      /secret is missing, but .* holds 1 account folder.*Restore the secret file from a backup/,
    );
    assert.equal(existsSync(join(dataDir, 'secret')), false, 'no new secret was made');
    assert.deepEqual(readdirSync(join(dataDir, 'accounts')), [folder]);
    assert.deepEqual(contents(join(dataDir, 'accounts', folder)), before);
  });

  it('still starts afresh on a data folder with no accounts yet', async () => {
    appendFileSync(join(dataDir, 'unrelated.txt'), 'x');
    const service = await startServiceInProcess({ dataDir, keepData: true, apiKeys: ['secret-test-key-2'], empty: true });
    await service.stop();
    assert.ok(existsSync(join(dataDir, 'secret')));
  });
});
