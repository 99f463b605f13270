import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../../scripts/vscode-host/paths';
import { recordScreenText } from './screen-texts';

export const screenshotDir = path.join(repoRoot, 'test-results', 'e2e');

/**
 * Saves a PNG of what the user sees now, as test-results/e2e/<name>.png, and keeps the screen's text (visible,
 * accessible and attribute text) for the key canary.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file });
  await recordScreenText(page, name);
  return file;
}
