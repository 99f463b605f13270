import * as assert from 'node:assert/strict';
import { addAccount, removeAccount } from '../support/accounts';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension } from '../support/extensionUnderTest';
import { readTestConfig } from '../support/test-config';
import { nextPanelMade, postedTo } from '../support/webviewPanels';

const db = 'benchtable';
const col = 'wide';
const ROWS = 100;
const FIELDS = 50;
const RUNS = 5;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Records, for `npm run bench` (bench/collectionView.ts reads it), the time from Open Collection View to the
// first loaded page handed to the webview (its panel made, its page started and asking, the GET answered), beside
// the time of the page's GET alone. The page's drawing is not in it: the page tells the product nothing when it
// has drawn, and the e2e journey test/e2e/collection-view.test.ts checks what it draws.
describe('Collection view open time (for npm run bench)', function () {
  this.timeout(300_000);

  it('is measured from the command to the webview handed 100 documents of 50 fields, and recorded in test-results/collectionView.json', async () => {
    await activateExtension();
    const { empty } = readTestConfig().services;
    const { accountId, client } = await addAccount('Bench table', empty);
    try {
      await client.createDatabase(db, 'sandbox');
      await client.createCollection(db, col);
      for (let row = 0; row < ROWS; row++) {
        const document: Record<string, string | number> = {};
        for (let field = 0; field < FIELDS - 1; field++) document[`field${field}`] = field % 2 === 0 ? row * field : `text ${row}-${field}`;
        await client.createDocument(db, col, document, { safe: true });
      }
      const state = { filter: '', sort: [], page: 0, pageSize: 100, fields: [], view: 'table' };
      const opens: number[] = [];
      const gets: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const getStarted = performance.now();
        const page = await client.listDocuments(db, col, { skip: 0, limit: ROWS });
        gets.push(performance.now() - getStarted);
        assert.equal(page.documents.length, ROWS);

        const started = performance.now();
        const made = nextPanelMade();
        const opened = vscode.commands.executeCommand('dbhost.openCollectionView', { accountId, db, col }, state);
        const panel = await made;
        // The view hands the page its first loaded page: 100 documents of 50 fields, as wire objects.
        const size = await new Promise<{ rows: number; columns: number }>((resolve) => {
          const subscription = postedTo(panel).onDidPost((message) => {
            const { type, loading, documents } = message as { type?: unknown; loading?: unknown; documents?: { o: unknown[] }[] };
            if (type !== 'page' || loading !== false || documents?.length !== ROWS) return;
            subscription.dispose();
            resolve({ rows: documents.length, columns: documents[0].o.length });
          });
        });
        opens.push(performance.now() - started);
        await opened;
        assert.deepEqual(size, { rows: ROWS, columns: FIELDS });
        panel.dispose();
      }
      const record = {
        openMs: median(opens),
        getMs: median(gets),
        rows: ROWS,
        fields: FIELDS,
        runs: RUNS,
        vscodeVersion: vscode.version,
        recordedAt: new Date().toISOString(),
      };
      const { resultsDir } = readTestConfig();
      fs.mkdirSync(resultsDir, { recursive: true });
      fs.writeFileSync(path.join(resultsDir, 'collectionView.json'), `${JSON.stringify(record, null, 2)}\n`);
    } finally {
      await client.deleteDatabase(db).catch(() => undefined);
      await removeAccount(accountId);
    }
  });
});
