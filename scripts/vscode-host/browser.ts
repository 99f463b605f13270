import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

/** Flags that worked headless as root, with everything that would reach the internet switched off. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: chromiumArgs });
}

/** Opens the workbench and waits until VS Code's shell is on the page (the extension host starts only once it is). */
export async function openWorkbench(browser: Browser, workbenchUrl: string): Promise<Page> {
  // The web workbench's clipboard is the browser's, which headless Chromium opens only with these permissions.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(workbenchUrl, { waitUntil: 'domcontentloaded' });
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
  return page;
}
