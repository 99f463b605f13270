import type { Locator, Page } from 'playwright-core';

// Selectors of VS Code's own workbench (1.139), by role, aria label or the classes its accessibility tree is built on.

/** The activity-bar icon of the DB Host container. */
export function dbHostActivityIcon(page: Page): Locator {
  return page.locator('.part.activitybar a.action-label[aria-label^="DB Host"]');
}

/** The DB Host container in the side bar. */
export function dbHostSideBar(page: Page): Locator {
  return page.locator('[id="workbench.view.extension.dbhost"]');
}

export async function openDbHostView(page: Page): Promise<Locator> {
  await dbHostActivityIcon(page).click();
  const sideBar = dbHostSideBar(page);
  await sideBar.waitFor({ state: 'visible' });
  return sideBar;
}

/** A row of the explorer tree, by its label (the description beside it does not count). */
export function treeRow(sideBar: Locator, label: string): Locator {
  const exactly = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return sideBar.locator('.monaco-list-row').filter({ has: sideBar.page().locator('.label-name', { hasText: exactly }) }).first();
}

/** The rows at one depth of the tree (1 = accounts). */
export function treeRowsAtLevel(sideBar: Locator, level: number): Locator {
  return sideBar.locator(`.monaco-list-row[aria-level="${level}"]`);
}

/** Expands a collapsed tree row and waits until VS Code says it is expanded. */
export async function expandRow(row: Locator): Promise<void> {
  await row.waitFor({ state: 'visible' });
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  await waitForAttribute(row, 'aria-expanded', 'true');
}

async function waitForAttribute(locator: Locator, name: string, value: string): Promise<void> {
  await locator.page().waitForFunction(
    ({ element, name: attribute, value: expected }) => element?.getAttribute(attribute) === expected,
    { element: await locator.elementHandle(), name, value },
  );
}

export function quickInput(page: Page): Locator {
  return page.locator('.quick-input-widget');
}

/**
 * Answers the open quick input: waits until its prompt, title or placeholder matches `asking`, types
 * `answer` as a person would and presses Enter.
 */
export async function answerQuickInput(page: Page, asking: RegExp, answer: string): Promise<void> {
  const widget = quickInput(page);
  const input = widget.locator('input.input');
  await input.waitFor({ state: 'visible' });
  await page.waitForFunction(
    ({ widget: element, asking: pattern }) => {
      const text = [
        element?.querySelector('.quick-input-title')?.textContent,
        element?.querySelector('.quick-input-message')?.textContent,
        element?.querySelector('input.input')?.getAttribute('placeholder'),
        element?.querySelector('input.input')?.getAttribute('aria-label'),
      ].join(' ');
      return new RegExp(pattern, 'i').test(text);
    },
    { widget: await widget.elementHandle(), asking: asking.source },
  );
  await input.fill(answer);
  await input.press('Enter');
}

/** Runs a command from the command palette by its title, as a person would. */
export async function runCommandFromPalette(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = quickInput(page).locator('input.input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await quickInput(page).locator('.monaco-list-row', { hasText: title }).first().waitFor({ state: 'visible' });
  await input.press('Enter');
}

/** The editor tab with `title`, and the text of the active editor once it is open. */
export async function activeEditorText(page: Page, tabTitle: string | RegExp): Promise<string> {
  await page.locator('.tabs-container .tab', { hasText: tabTitle }).first().waitFor({ state: 'visible' });
  const lines = page.locator('.editor-instance .monaco-editor .view-lines').first();
  await lines.waitFor({ state: 'visible' });
  return (await lines.innerText()).replace(/\u00a0/g, ' ');
}
