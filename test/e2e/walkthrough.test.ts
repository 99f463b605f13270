import type { Locator } from 'playwright-core';
import type { ProductSession } from './support/product-session';
import { openProductSession, screenshotFailuresThenClose } from './support/product-session';
import { addAccountThroughUi } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import { answerQuickInput, dismissNotification, moveMouseAway, openDbHostView, runCommandFromPalette } from './support/workbench';

const TITLE = 'Get started with DB Host';

// A newcomer opens the getting-started walkthrough from the command palette: its steps, the first with its actions.
describe('The getting-started walkthrough through the real UI (code-server in Chromium)', function () {
  this.bail(true);
  let session: ProductSession;
  let sideBar: Locator;

  before(async function () {
    this.timeout(300_000);
    session = await openProductSession({ workspaceFiles: {} });
    sideBar = await openDbHostView(session.page);
    await dismissNotification(await addAccountThroughUi(session, sideBar));
  });

  screenshotFailuresThenClose('walkthrough', () => session);

  it('opens the walkthrough from the palette: the first step ticked once an account exists, opened it shows its two buttons', async () => {
    const { page } = session;
    await runCommandFromPalette(page, 'Welcome: Open Walkthrough...');
    await answerQuickInput(page, /walkthrough/i, TITLE);
    const walkthrough = page.locator('.gettingStartedContainer');
    await walkthrough.getByText(TITLE).first().waitFor({ state: 'visible' });
    const connect = walkthrough.locator('.getting-started-step', { hasText: 'Add an account or start the local service' });
    // The account added before the Welcome page first opened completes the first step: VS Code shows it ticked,
    // and the next steps not.
    await connect.locator('[role="checkbox"][aria-checked="true"]').waitFor({ state: 'visible' });
    await walkthrough
      .locator('.getting-started-step', { hasText: 'Run a query playground' })
      .locator('[role="checkbox"][aria-checked="false"]')
      .waitFor({ state: 'visible' });
    // A ticked step folds; opened again it shows its two buttons.
    await connect.locator('.step-title').click();
    await connect.getByText('Add Account…', { exact: true }).waitFor({ state: 'visible' });
    await connect.getByText('Start Local Service', { exact: true }).waitFor({ state: 'visible' });
    await walkthrough.locator('.getting-started-step', { hasText: 'Open a document, edit it and save it' }).waitFor({ state: 'visible' });
    await walkthrough.locator('.getting-started-step', { hasText: 'Run a query playground' }).waitFor({ state: 'visible' });
    // The step's page beside the list is Markdown in a webview (nested frames in code-server).
    await page
      .frameLocator('iframe.webview.ready:visible')
      .frameLocator('#active-frame')
      .getByText('This step is done as soon as the DB Host view has an account.')
      .waitFor({ state: 'visible' });
    await moveMouseAway(page);
    await saveScreenshot(page, 'walkthrough');
  });
});
