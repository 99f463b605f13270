import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { DbHostClient } from '../../src/client/dbHostClient';
import type { JsonObject } from '../../src/core/json/lossless';
import { parseLossless } from '../../src/core/json/lossless';
import { formatCount } from '../../src/core/text/formatCount';
import { launchChromium, openWorkbench } from '../../scripts/vscode-host/browser';
import { stopAllProcesses } from '../../scripts/vscode-host/child-processes';
import { freshCodeServerDirs, startCodeServer } from '../../scripts/vscode-host/code-server';
import { installExtensionCopy } from '../../scripts/vscode-host/extensions-folder';
import type { LocalService } from '../../scripts/vscode-host/local-service';
import { startLocalService } from '../../scripts/vscode-host/local-service';
import { repoRoot } from '../../scripts/vscode-host/paths';
import { ensureHarnessPrerequisites } from '../../scripts/vscode-host/prerequisites';
import { addAccountThroughUi } from './support/accounts';
import { CALL_TOOL_COMMAND, installAgentStandIn } from './support/agent-stand-in';
import { watchForKey } from './support/key-canary';
import { saveScreenshot } from './support/screenshots';
import {
  activeEditorText,
  answerFileDialog,
  answerQuickInput,
  chooseFromContextMenu,
  dismissNotification,
  editorGroupOf,
  editorTab,
  expandRow,
  openDbHostView,
  quickOpenFile,
  runCommandFromPalette,
  treeRow,
  treeRowsAtLevel,
  waitUntilSaved,
} from './support/workbench';

const PLAYGROUND = 'paid-orders.query.json';
const PLAYGROUND_TEXT = `{ "database": "shop", "collection": "orders", "q": { "status": "paid" }, "sort": { "total": -1 }, "limit": 5 }\n`;

/**
 * The extension as VS Code for the Web runs it: installed with package.json's `browser` entry only (no `main`), so
 * code-server can run it nowhere but in the browser's web-worker extension host, against the local service
 * started with `--allow-origin` for the workbench's origin. Offline: code-server, Chromium and the service on 127.0.0.1.
 */
describe('DB Host in the browser: the web bundle in a web-worker extension host (code-server in Chromium)', function () {
  this.bail(true);
  let browser: Browser | undefined;
  let page: Page;
  let service: LocalService;
  let client: DbHostClient;
  let sideBar: Locator;
  let origin: string;
  /** The workspace folder on the disk code-server serves it from (a vscode-remote: folder to the extension). */
  let workspace: string;
  const serviceRequests: Request[] = [];
  /** The extension's own files the browser fetched (its main, then each lazily loaded part at first use). */
  const extensionFiles: string[] = [];
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbhost-e2e-web-'));

  before(async function () {
    this.timeout(300_000);
    const prerequisites = await ensureHarnessPrerequisites();
    const dirs = freshCodeServerDirs(path.join(workDir, 'code-server'));
    workspace = dirs.workspace;
    fs.writeFileSync(path.join(dirs.workspace, PLAYGROUND), PLAYGROUND_TEXT);
    fs.mkdirSync(path.join(dirs.workspace, '.vscode'));
    fs.writeFileSync(
      path.join(dirs.workspace, '.vscode', 'settings.json'),
      JSON.stringify({ 'dbhost.pageSize': 5, 'files.autoSave': 'off' }),
    );
    const installed = installExtensionCopy(repoRoot, dirs.extensionsDir);
    const manifestFile = path.join(installed, 'package.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    assert.equal(manifest.browser, './dist/web/extension.js');
    delete manifest.main;
    fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    installAgentStandIn(dirs.extensionsDir);
    const codeServer = await startCodeServer(prerequisites, dirs);
    origin = new URL(codeServer.url).origin;
    service = await startLocalService({ dataDir: path.join(workDir, 'service'), allowOrigins: [origin], logRequests: true });
    watchForKey(service.apiKey);
    client = new DbHostClient({ baseUrl: service.url, apiKey: service.apiKey });
    browser = await launchChromium(prerequisites.chromium);
    page = await openWorkbench(browser, codeServer.workbenchUrl);
    page.context().on('request', (request) => {
      if (request.url().startsWith(service.url)) serviceRequests.push(request);
      const part = /\/dist\/web\/(\w+\.js)(?:$|[?#&])/.exec(decodeURIComponent(request.url()));
      if (part) extensionFiles.push(part[1]);
    });
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      await saveScreenshot(page, `web-failed-${this.currentTest.title.slice(0, 40).replace(/\W+/g, '-')}`);
      console.log(service?.process.log.slice(-4000));
    }
  });

  after(async () => {
    await browser?.close();
    await stopAllProcesses();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  /** Every document of a collection, as the service holds it, page after page in `_id` order. */
  async function everyDocument(db: string, col: string): Promise<JsonObject[]> {
    const documents: JsonObject[] = [];
    for (;;) {
      const page = await client.listDocuments(db, col, { sort: { _id: 1 }, skip: documents.length, limit: 100 });
      documents.push(...page.documents);
      if (page.documents.length === 0 || documents.length >= (page.total ?? 0)) return documents;
    }
  }

  it('shows the browser’s welcome: Add Account, and no Start Local Service (no processes in a browser)', async () => {
    sideBar = await openDbHostView(page);
    const welcome = sideBar.locator('.welcome-view-content', { hasText: 'No DB Host account yet' });
    await welcome.waitFor({ state: 'visible' });
    await welcome.getByText(/--allow-origin/).waitFor({ state: 'visible' });
    await welcome.getByRole('button', { name: 'Add Account' }).waitFor({ state: 'visible' });
    assert.equal(await welcome.getByRole('button', { name: 'Start Local Service' }).count(), 0);
    await saveScreenshot(page, 'web-1-welcome');
  });

  it('a service that does not allow this page’s origin: adding its account says both causes and which origin to allow', async () => {
    const refusing = await startLocalService({ dataDir: path.join(workDir, 'refusing'), logRequests: true });
    watchForKey(refusing.apiKey);
    await sideBar.getByRole('button', { name: 'Add Account' }).first().click();
    await answerQuickInput(page, /base address of the service/, refusing.url);
    await answerQuickInput(page, /name for the account/, 'Refusing');
    await answerQuickInput(page, /API key/, refusing.apiKey);
    const question = page.locator('.monaco-dialog-box');
    await question.waitFor({ state: 'visible' });
    const text = await question.innerText();
    assert.match(text, /Could not reach the service at http:\/\/127\.0\.0\.1:\d+: the browser could not make the request/);
    assert.ok(text.includes(`--allow-origin ${origin}`), text);
    await saveScreenshot(page, 'web-2-origin-not-allowed');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    assert.ok(refusing.process.log.includes(`origin "${origin}"`), `the service did not log the refused origin:\n${refusing.process.log}`);
    await refusing.process.stop();
  });

  it('adds an account for the local service, checked against it from the browser', async () => {
    const added = await addAccountThroughUi({ page, service }, sideBar);
    await added.filter({ hasText: /Added "Local demo": \d+ databases?/ }).waitFor({ state: 'visible' });
    await treeRow(sideBar, 'Local demo').waitFor({ state: 'visible' });
  });

  it('opens the tree down to a page of documents, with the counts the service holds', async () => {
    await expandRow(treeRow(sideBar, 'Local demo'));
    await expandRow(treeRow(sideBar, 'Databases'));
    await expandRow(treeRow(sideBar, 'inventory'));
    await expandRow(treeRow(sideBar, 'products'));
    const products = (await client.listDocuments('inventory', 'products', { limit: 1 })).total;
    assert.ok(products !== undefined);
    await treeRow(sideBar, 'Documents')
      .filter({ hasText: formatCount(products) })
      .waitFor({ state: 'visible' });
    await expandRow(treeRow(sideBar, 'Documents'));
    await treeRowsAtLevel(sideBar, 6).first().waitFor({ state: 'visible' });
    await saveScreenshot(page, 'web-3-tree');
  });

  it('opens a document, edits a field by typing and saves with Ctrl+S: the service holds it', async () => {
    const [listed] = (await client.listDocuments('inventory', 'products', { limit: 1 })).documents;
    const documentId = (listed._id as { $oid: string }).$oid;
    const before = (await client.getDocument('inventory', 'products', listed._id)).document;
    const stock = Number(String(before.stock));
    await treeRow(sideBar, documentId).click();
    const tab = `${documentId}.json`;
    assert.match(await activeEditorText(page, tab), /"sku"/);
    const stockLine = editorGroupOf(page, tab).locator('.view-line', { hasText: '"stock"' });
    await stockLine.locator('span span', { hasText: new RegExp(`^${stock}$`) }).dblclick();
    await page.keyboard.type(String(stock + 1000));
    await page.locator('.tabs-container .tab.dirty', { hasText: tab }).waitFor({ state: 'visible' });
    await page.keyboard.press('Control+S');
    await waitUntilSaved(page, tab);
    const after = (await client.getDocument('inventory', 'products', listed._id)).document;
    assert.equal(String(after.stock), String(stock + 1000));
    assert.deepEqual({ ...after, stock: undefined }, { ...before, stock: undefined });
    await saveScreenshot(page, 'web-4-document-saved');
  });

  it('runs a query playground through its Run CodeLens: "5 of N" beside it', async () => {
    await quickOpenFile(page, PLAYGROUND);
    const playground = editorGroupOf(page, PLAYGROUND);
    await playground.locator('.codelens-decoration a', { hasText: /^\s*Run$/ }).click();
    const paid = (await client.listDocuments('shop', 'orders', { q: { status: 'paid' }, limit: 1 })).total;
    assert.ok(paid !== undefined);
    await editorGroupOf(page, 'paid-orders results.jsonc')
      .locator('.view-line', { hasText: `5 of ${formatCount(paid)}` })
      .waitFor({ state: 'visible' });
    await saveScreenshot(page, 'web-5-playground');
  });

  it('explains the playground query through its Explain CodeLens: the explain part is fetched then, not before', async () => {
    assert.ok(extensionFiles.includes('documentSave.js'), `the save's part was not fetched: ${extensionFiles.join(', ')}`);
    assert.ok(!extensionFiles.includes('indexes.js'), 'the explain part was fetched before any explain');
    const playground = editorGroupOf(page, PLAYGROUND);
    await playground.locator('.codelens-decoration a', { hasText: /^\s*Explain$/ }).click();
    await editorTab(page, /Explain 1 · shop\.orders/).waitFor({ state: 'visible' });
    const view = page.frameLocator('iframe.webview.ready:visible').frameLocator('#active-frame');
    await view.locator('.summary', { hasText: /documents/ }).waitFor();
    assert.ok(extensionFiles.includes('indexes.js'), `the explain part was not fetched: ${extensionFiles.join(', ')}`);
    await saveScreenshot(page, 'web-6-explain');
  });

  it('answers an agent’s language-model tool call in the browser: dbhost_count, its part fetched at that first call', async () => {
    assert.ok(!extensionFiles.includes('aiTools.js'), 'the tools’ part was fetched before any tool call');
    const sentBefore = serviceRequests.length;
    await runCommandFromPalette(page, CALL_TOOL_COMMAND);
    await answerQuickInput(page, /Which DB Host tool/, 'dbhost_count');
    const input = { account: 'Local demo', database: 'shop', collection: 'orders', filter: { status: 'paid' } };
    await answerQuickInput(page, /tool input/, JSON.stringify(input));
    await page.locator('.notification-toast', { hasText: 'Agent stand-in: dbhost_count answered' }).waitFor({ state: 'visible' });
    assert.ok(extensionFiles.includes('aiTools.js'), `the tools’ part was not fetched: ${extensionFiles.join(', ')}`);
    assert.ok(
      serviceRequests.slice(sentBefore).some((request) => request.url().includes('/databases/shop/collections/orders')),
      'the tool call sent no request to the service for shop.orders',
    );
    await saveScreenshot(page, 'web-7-tool-call');
  });

  it('exports a collection to a workspace file through vscode.workspace.fs: the file holds every document the service has', async () => {
    assert.ok(!extensionFiles.includes('transferWeb.js'), 'the transfer part was fetched before any export');
    const file = path.join(workspace, 'suppliers.ndjson');
    await chooseFromContextMenu(treeRow(sideBar, 'suppliers'), 'Export Documents…');
    await answerQuickInput(page, /Export inventory\.suppliers as/, 'NDJSON');
    await answerFileDialog(page, /Export inventory\.suppliers/, file);
    const done = page.locator('.notification-toast', { hasText: /Exported \d+ documents of inventory\.suppliers to / });
    await done.waitFor({ state: 'visible' });
    assert.ok(extensionFiles.includes('transferWeb.js'), `the transfer part was not fetched: ${extensionFiles.join(', ')}`);
    await saveScreenshot(page, 'web-8-exported');
    await dismissNotification(done);
    const exported = fs
      .readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => parseLossless(line) as JsonObject);
    assert.deepEqual(byId(exported), byId(await everyDocument('inventory', 'suppliers')));
    assert.deepEqual(
      fs.readdirSync(workspace).filter((name) => name.endsWith('.partial')),
      [],
      'the temporary sibling was left behind',
    );
  });

  it('imports a workspace file into a new collection after its dry run: the service holds exactly the file’s documents', async () => {
    const lines = ['{"name":"Zoë","city":"Köln"}', '{"_id":"kept-id","name":"Ana","tags":["a","b"]}', '{"name":"Li","n":3}'];
    fs.writeFileSync(path.join(workspace, 'people.ndjson'), `${lines.join('\n')}\n`);
    await chooseFromContextMenu(treeRow(sideBar, 'inventory'), 'Import Documents…');
    await answerQuickInput(page, /Name of the new collection/, 'people');
    await answerFileDialog(page, /Import into inventory\.people/, path.join(workspace, 'people.ndjson'));
    const dialog = page.locator('.monaco-dialog-box', {
      hasText: /Import 3 documents from people\.ndjson into the new collection inventory\.people/,
    });
    await dialog.waitFor({ state: 'visible' });
    assert.match(await dialog.innerText(), /3 records to import: 3 readable, 0 not/);
    await saveScreenshot(page, 'web-9-import-dry-run');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const done = page.locator('.notification-toast', { hasText: /Imported people\.ndjson into inventory\.people: 3 documents stored/ });
    await done.waitFor({ state: 'visible' });
    await treeRow(sideBar, 'people').waitFor({ state: 'visible' });
    await dismissNotification(done);
    const stored = await everyDocument('inventory', 'people');
    const withoutIds = stored.map(({ _id, ...rest }) => rest);
    assert.deepEqual(
      withoutIds.sort((a, b) => String(a.name).localeCompare(String(b.name))),
      [
        { name: 'Ana', tags: ['a', 'b'] },
        { name: 'Li', n: 3 },
        { name: 'Zoë', city: 'Köln' },
      ],
    );
    assert.equal(stored.find((document) => document.name === 'Ana')?._id, 'kept-id');
  });

  it('in Confirm writes, an import asks once, in its own question, not once per document: the service holds them all', async () => {
    await chooseFromContextMenu(treeRow(sideBar, 'Local demo'), 'Account Settings…');
    await answerQuickInput(page, /\(1\/3\): writes/, 'Confirm writes');
    await answerQuickInput(page, /\(2\/3\): colour/, 'No colour');
    await answerQuickInput(page, /\(3\/3\): tag/, 'production');
    await treeRow(sideBar, 'Local demo')
      .locator('.label-description', { hasText: /^production · Confirm writes · / })
      .waitFor({ state: 'visible' });
    const names = ['Ada', 'Grace', 'Edsger', 'Barbara'];
    fs.writeFileSync(path.join(workspace, 'crew.ndjson'), names.map((name) => `{"name":"${name}"}\n`).join(''));
    await chooseFromContextMenu(treeRow(sideBar, 'inventory'), 'Import Documents…');
    await answerQuickInput(page, /Name of the new collection/, 'crew');
    await answerFileDialog(page, /Import into inventory\.crew/, path.join(workspace, 'crew.ndjson'));
    const dialog = page.locator('.monaco-dialog-box', {
      hasText: /\[production\] Import 4 documents from crew\.ndjson into the new collection inventory\.crew/,
    });
    await dialog.waitFor({ state: 'visible' });
    assert.match(await dialog.innerText(), /"Local demo \[production\]" confirms every write: this is that confirmation\./);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    // Asked again for the collection or a document, the import would wait on that question and never finish.
    const done = page.locator('.notification-toast', { hasText: /Imported crew\.ndjson into inventory\.crew: 4 documents stored/ });
    await done.waitFor({ state: 'visible' });
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'a question is still open');
    await dismissNotification(done);
    const stored = await everyDocument('inventory', 'crew');
    assert.deepEqual(stored.map((document) => document.name).sort(), [...names].sort());
  });

  it('sent every request from the page’s origin with the key in its header, never in a URL', async () => {
    assert.ok(serviceRequests.length > 0, 'no request to the service was seen');
    for (const request of serviceRequests) {
      assert.ok(!request.url().includes(service.apiKey) && !request.url().includes('_apikey'), request.url());
      const headers = await request.allHeaders();
      assert.equal(headers.origin, origin, `${request.method()} ${request.url()}`);
      if (request.method() !== 'OPTIONS') assert.equal(headers['mongohq-api-token'], service.apiKey);
    }
  });
});

/** Documents keyed by their `_id`, so two lists compare whatever their order. */
function byId(documents: JsonObject[]): Map<string, JsonObject> {
  return new Map(documents.map((document) => [JSON.stringify(document._id), document]));
}
