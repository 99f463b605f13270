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
import { expandRow, openDbHostView, treeRow } from './support/workbench';

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

  it('opens VS Code with the extension and the local demo account already configured', async function () {
    this.timeout(300_000);
    start = ManagedProcess.start('npm start', process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', 'start.ts'), '--code-server', '--port', '0', '--data', dataDir], { cwd: repoRoot });
    const [address] = await start.waitForOutput(/http:\/\/127\.0\.0\.1:\d+\/\?folder=\S+/, 240_000);
    watchForKey(fs.readFileSync(path.join(dataDir, 'start-api-key'), 'utf8').trim());
    browser = await launchChromium(chromiumPath);
    const page = await openWorkbench(browser, address);
    const sideBar = await openDbHostView(page);
    await expandRow(treeRow(sideBar, 'Local demo'));
    await expandRow(treeRow(sideBar, 'Databases'));
    for (const database of ['inventory', 'shop', 'metrics']) await treeRow(sideBar, database).waitFor({ state: 'visible' });
    await saveScreenshot(page, 'npm-start');
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
