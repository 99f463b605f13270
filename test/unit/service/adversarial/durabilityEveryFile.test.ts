import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InProcessService } from '../../../support/testService';
import { startServiceInProcess, temporaryDirectory } from '../../../support/testService';
import { describeJournalStore } from '../../../support/testStore';

const KEY = 'durability-every-file-key';
const DOCS = '/databases/db/collections/c/documents';

interface Damage {
  name: string;
  /** Damages the data folder; `account` is the account's folder. */
  apply(dataDir: string, account: string): void;
}

const journalOf = (account: string): string =>
  join(
    account,
    readdirSync(account).find((name) => /^journal-\d+\.jsonl$/.test(name))!,
  );
const snapshotOf = (account: string): string => join(account, 'snapshot.jsonl');
function editLines(path: string, edit: (lines: string[]) => void): void {
  const lines = readFileSync(path, 'utf8').split('\n');
  edit(lines);
  writeFileSync(path, lines.join('\n'));
}

const DAMAGES: Damage[] = [
  { name: 'secret deleted', apply: (dataDir) => unlinkSync(join(dataDir, 'secret')) },
  {
    name: 'snapshot header changed (generation → generatiom)',
    apply: (_, account) => editLines(snapshotOf(account), (lines) => (lines[0] = lines[0].replace('generation', 'generatiom'))),
  },
  { name: 'snapshot body line cut', apply: (_, account) => editLines(snapshotOf(account), (lines) => (lines[2] = lines[2].slice(0, 30))) },
  {
    name: 'snapshot last line truncated',
    apply: (_, account) => truncateSync(snapshotOf(account), readFileSync(snapshotOf(account)).length - 10),
  },
  { name: 'snapshot zero-length', apply: (_, account) => truncateSync(snapshotOf(account), 0) },
  { name: 'snapshot missing', apply: (_, account) => unlinkSync(snapshotOf(account)) },
  {
    name: 'journal line replaced by garbage',
    apply: (_, account) => editLines(journalOf(account), (lines) => (lines[0] = `\u0000\u0001garbage${lines[0]}`)),
  },
  {
    name: 'journal last line truncated (killed mid-write)',
    apply: (_, account) => truncateSync(journalOf(account), readFileSync(journalOf(account)).length - 4),
  },
  {
    name: 'journal line with a mutation that does not read',
    apply: (_, account) => editLines(journalOf(account), (lines) => (lines[1] = lines[1].replace('"op":"put"', '"op":"pour"'))),
  },
];

/** Every file under the folder with its content. */
function filesUnder(directory: string, prefix = ''): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) for (const [name, content] of filesUnder(path, `${prefix}${entry.name}/`)) files.set(name, content);
    else files.set(`${prefix}${entry.name}`, readFileSync(path, 'latin1'));
  }
  return files;
}

describeJournalStore('adversarial durability: each file the service keeps, damaged', function () {
  this.timeout(60_000);

  for (const damage of DAMAGES) {
    it(`${damage.name}: refused with nothing changed, or started with every acknowledged document served or kept on disk`, async () => {
      const dataDir = temporaryDirectory('adversarial-every-file');
      const log: string[] = [];
      try {
        const first = await startServiceInProcess({ dataDir, keepData: true, apiKeys: [KEY], empty: true, log: (line) => log.push(line) });
        const call = (url: string, method: string, path: string, body?: unknown) =>
          fetch(`${url}${path}${path.includes('?') ? '&' : '?'}_apikey=${KEY}`, {
            method,
            body: body === undefined ? undefined : JSON.stringify(body),
            headers: { 'Content-Type': 'application/json' },
          });
        assert.equal((await call(first.url, 'POST', '/databases', { name: 'db', slug: 'sandbox' })).status, 200);
        const acknowledged: number[] = [];
        for (let id = 1; id <= 4; id++)
          if ((await call(first.url, 'POST', DOCS, { document: { _id: id, text: `acknowledged-${id}` }, safe: true })).status === 200)
            acknowledged.push(id);
        await first.stop();
        // Restart once so that documents 1-4 sit in the snapshot, then write 5-8 to the journal.
        const second = await startServiceInProcess({ dataDir, keepData: true, apiKeys: [KEY], empty: true });
        for (let id = 5; id <= 8; id++)
          if ((await call(second.url, 'POST', DOCS, { document: { _id: id, text: `acknowledged-${id}` }, safe: true })).status === 200)
            acknowledged.push(id);
        await second.stop();
        assert.equal(acknowledged.length, 8);

        const [account] = readdirSync(join(dataDir, 'accounts'));
        damage.apply(dataDir, join(dataDir, 'accounts', account));
        const damaged = filesUnder(dataDir);

        let third: InProcessService;
        try {
          third = await startServiceInProcess({ dataDir, keepData: true, apiKeys: [KEY], empty: true, log: (line) => log.push(line) });
        } catch (error) {
          assert.match((error as Error).message, /[Rr]estore|move .* away/, 'the refusal says what to do');
          assert.deepEqual(filesUnder(dataDir), damaged, 'a refused start changes nothing');
          return;
        }
        const answer = await call(third.url, 'GET', `${DOCS}?limit=0`);
        const served = answer.status === 200 ? ((await answer.json()) as { _id: number }[]).map((doc) => doc._id) : [];
        await third.stop();
        const after = filesUnder(dataDir);
        const onDisk = [...after.values()].join('\n');
        for (const id of acknowledged)
          assert.ok(
            served.includes(id) || onDisk.includes(`acknowledged-${id}`),
            `document ${id} is neither served nor on disk\n${log.join('\n')}`,
          );
        for (const [name, content] of damaged) {
          if (/^accounts\/[^/]+\/(snapshot\.jsonl|journal-\d+\.jsonl)$/.test(name) && !content.includes('acknowledged-')) continue;
          const kept =
            [...after.values()].some((other) => other === content) || [...after.values()].some((other) => other.includes(content.trim()));
          assert.ok(kept || !/^accounts\//.test(name) || name.endsWith('.tmp'), `the content of ${name} is gone\n${log.join('\n')}`);
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
