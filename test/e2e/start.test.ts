import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, openWorkbench } from '../../scripts/vscode-host/browser';
import { ManagedProcess } from '../../scripts/vscode-host/child-processes';
import { chromiumPath, repoRoot } from '../../scripts/vscode-host/paths';
import { watchForKey } from './support/key-canary';
import { saveScreenshot } from './support/screenshots';
import { dbHostSideBar, editorGroupOf, treeRow } from './support/workbench';

// `npm start` as the README tells a newcomer to run it, in its code-server form (no desktop `code` here).
describe('npm start', function () {
  let start: ManagedProcess | undefined;
  let browser: Browser | undefined;
  let dataDir: string;

  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbhost-start-'));
  });

  after(async () => {
    await browser?.close();
    await start?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens VS Code with the local demo account expanded and a sample playground beside it, whose Run runs a query', async function () {
    this.timeout(300_000);
    start = ManagedProcess.start(
      'npm start',
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'scripts', 'start.ts'), '--code-server', '--port', '0', '--data', dataDir],
      { cwd: repoRoot },
    );
    const [address] = await start.waitForOutput(/http:\/\/127\.0\.0\.1:\d+\/\?folder=\S+/, 240_000);
    watchForKey(fs.readFileSync(path.join(dataDir, 'start-api-key'), 'utf8').trim());
    browser = await launchChromium(chromiumPath);
    const page = await openWorkbench(browser, address);
    // Nothing clicked yet: the view is open with the account's databases listed.
    const sideBar = dbHostSideBar(page);
    await sideBar.waitFor({ state: 'visible' });
    await treeRow(sideBar, 'Local demo').waitFor({ state: 'visible' });
    for (const database of ['inventory', 'shop', 'metrics']) await treeRow(sideBar, database).waitFor({ state: 'visible' });
    const playground = editorGroupOf(page, 'first-query.query.json');
    await playground.locator('.codelens-decoration a', { hasText: 'Local demo › shop.orders' }).waitFor({ state: 'visible' });
    await saveScreenshot(page, 'npm-start');

    // The first click runs the query: its results open beside it.
    await playground.locator('.codelens-decoration a', { hasText: /^\s*Run$/ }).click();
    try {
      await editorGroupOf(page, /first-query results/)
        .locator('.view-line', { hasText: /5\sof\s[\d,]+/ })
        .waitFor({ state: 'visible' });
    } catch (error) {
      await saveScreenshot(page, 'failed-npm-start-first-run');
      throw error;
    }
    await saveScreenshot(page, 'npm-start-first-run');
    assert.ok(fs.existsSync(path.join(dataDir, 'workspace', 'first-query.query.json')), 'the sample playground is not in the workspace');
    // The extension moved the handed-over key into SecretStorage and deleted the file.
    assert.equal(fs.existsSync(path.join(dataDir, 'account-handover.json')), false, 'the account handover file is still there');
  });

  it('stops everything on Ctrl-C', async () => {
    assert.ok(start, 'npm start did not run');
    const exited = start.whenExited();
    start.interrupt();
    assert.match(await exited, /exited with code 0/);
  });
});
