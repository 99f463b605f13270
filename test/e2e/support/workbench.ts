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
  return sideBar
    .locator('.monaco-list-row')
    .filter({ has: sideBar.page().locator('.label-name', { hasText: exactly }) })
    .first();
}

/** The rows at one depth of the tree (1 = accounts). */
export function treeRowsAtLevel(sideBar: Locator, level: number): Locator {
  return sideBar.locator(`.monaco-list-row[aria-level="${level}"]`);
}

/**
 * Expands a collapsed tree row and waits until VS Code says it is expanded. The row is looked up afresh while
 * waiting: the tree redraws rows (a refresh, a changed description) and a redrawn row is a new element.
 */
export async function expandRow(row: Locator): Promise<void> {
  await row.waitFor({ state: 'visible' });
  const expanded = row.and(row.page().locator('[aria-expanded="true"]'));
  if (await expanded.isVisible()) return;
  await dismissHover(row.page());
  await row.click();
  await expanded.waitFor({ state: 'visible' });
}

/**
 * A tooltip left open by the mouse resting on an earlier row covers the rows below it, and a click meant for
 * them lands on the tooltip. A person moves the mouse away first; so does this, to the side bar's title.
 */
export async function dismissHover(page: Page): Promise<void> {
  const hover = page.locator('div.context-view').filter({ has: page.locator('.monaco-hover, .monaco-tokenized-source, .hover-contents') });
  if (!(await hover.first().isVisible())) return;
  await page.locator('.part.sidebar .composite.title').first().hover();
  await hover.first().waitFor({ state: 'hidden' });
}

/** Opens the context menu of `target` and chooses the item `name`, as a right-click would. */
export async function chooseFromContextMenu(target: Locator, name: string): Promise<void> {
  await target.click({ button: 'right' });
  const item = target.page().getByRole('menuitem', { name, exact: true });
  await item.waitFor({ state: 'visible' });
  // The workbench ignores a click that lands while its context menu is still settling; hovering focuses
  // the item and Enter chooses it, as a keyboard user would, and the menu closing proves it was taken.
  await item.hover();
  await target.page().keyboard.press('Enter');
  await item.waitFor({ state: 'hidden' });
}

export function quickInput(page: Page): Locator {
  return page.locator('.quick-input-widget');
}

/**
 * Answers the open quick input: waits until its prompt, title or placeholder matches `asking`, types
 * `answer` as a person would and presses Enter once a quick pick's list has settled on it.
 */
export async function answerQuickInput(page: Page, asking: RegExp, answer: string): Promise<void> {
  const widget = await waitUntilAsking(page, asking);
  await widget.locator('input.input').fill(answer);
  // A quick pick filters its list as the text changes; Enter before the list has settled on the answer picks
  // nothing (or another item), so wait until no item is listed (a box of free text) or the focused one shows it.
  await page.waitForFunction(
    ({ widget: element, answer: wanted }) => {
      const rows = [...(element?.querySelectorAll('.quick-input-list .monaco-list-row') ?? [])].filter(
        (row) => (row as { offsetParent?: unknown }).offsetParent !== null,
      );
      if (rows.length === 0) return true;
      const focused = rows.find((row) => row.classList.contains('focused'));
      return (focused?.textContent ?? '').toLowerCase().includes(wanted.toLowerCase());
    },
    { widget: await widget.elementHandle(), answer },
  );
  await widget.locator('input.input').press('Enter');
}

/**
 * Answers VS Code's own (simple) open or save dialog with a path, once the dialog has put its starting
 * folder or file into the box, which would otherwise overwrite a path typed before it.
 */
export async function answerFileDialog(page: Page, asking: RegExp, path: string): Promise<void> {
  const widget = await waitUntilAsking(page, asking);
  // The dialog first shows its folder, then lists it and appends the default file name: typing before the
  // listing is done loses the typed path to that file name (and answers an overwrite question instead).
  await page.waitForFunction(
    (element) =>
      ((element?.querySelector('input.input') as { value?: string } | null)?.value ?? '').includes('/') &&
      element?.querySelector('.monaco-progress-container.active') === null &&
      (element?.querySelectorAll('.monaco-list-row').length ?? 0) > 0,
    await widget.elementHandle(),
  );
  const input = widget.locator('input.input');
  await input.fill(path);
  await input.press('Enter');
}

/** Waits until the open quick input's prompt, title or placeholder matches `asking`. */
async function waitUntilAsking(page: Page, asking: RegExp): Promise<Locator> {
  const widget = quickInput(page);
  await widget.locator('input.input').waitFor({ state: 'visible' });
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
  return widget;
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

/** The tab of an open editor, by its title. */
export function editorTab(page: Page, title: string | RegExp): Locator {
  return page.locator('.tabs-container .tab', { hasText: title }).first();
}

/** The editor group showing the editor whose tab is `title`. */
export function editorGroupOf(page: Page, tabTitle: string | RegExp): Locator {
  return page.locator('.editor-group-container', { has: page.locator('.tabs-container .tab.active', { hasText: tabTitle }) }).first();
}

/** Waits until the editor of the tab `title` has no unsaved changes. */
export async function waitUntilSaved(page: Page, title: string | RegExp): Promise<void> {
  await page.locator('.tabs-container .tab:not(.dirty)', { hasText: title }).first().waitFor({ state: 'visible' });
}

/** Opens a file of the workspace through Quick Open (Ctrl+P), as a person would. */
export async function quickOpenFile(page: Page, fileName: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const widget = quickInput(page);
  const input = widget.locator('input.input');
  await input.waitFor({ state: 'visible' });
  await input.fill(fileName);
  await widget.locator('.monaco-list-row', { hasText: fileName }).first().waitFor({ state: 'visible' });
  await input.press('Enter');
  await editorTab(page, fileName).waitFor({ state: 'visible' });
}

/** The Output view in the panel. */
export function outputView(page: Page): Locator {
  return page.locator('[id="workbench.panel.output"]');
}

/** Closes a notification toast with its own close button, as a person would, and waits until it is gone. */
export async function dismissNotification(toast: Locator): Promise<void> {
  await toast.hover();
  // VS Code may hide the toast on its own meanwhile (its close button then never becomes clickable): gone is gone.
  const clicked = toast
    .getByRole('button', { name: /^Clear Notification/ })
    .click()
    .catch(() => undefined);
  await Promise.race([clicked, toast.waitFor({ state: 'hidden' })]);
  await toast.waitFor({ state: 'hidden' });
}

/** Drags the edge of the side bar until it is `width` pixels wide. */
export async function resizeSideBar(page: Page, width: number): Promise<void> {
  const sideBarPart = page.locator('.part.sidebar');
  const box = await sideBarPart.boundingBox();
  if (!box) throw new Error('the side bar is not shown');
  // The sash is the thin handle VS Code lays over the side bar's right edge.
  const edge = box.x + box.width;
  let sashCenter: number | undefined;
  for (const sash of await page.locator('.monaco-sash.vertical').all()) {
    const sashBox = await sash.boundingBox();
    if (sashBox && sashBox.height > box.height / 2 && Math.abs(sashBox.x + sashBox.width / 2 - edge) < 6)
      sashCenter = sashBox.x + sashBox.width / 2;
  }
  if (sashCenter === undefined) throw new Error('found no handle on the edge of the side bar');
  const y = box.y + box.height / 2;
  await page.mouse.move(sashCenter, y);
  await page.mouse.down();
  await page.mouse.move(sashCenter + (box.x + width - edge), y, { steps: 10 });
  await page.mouse.up();
  await page.waitForFunction(({ element, wanted }) => Math.abs((element?.getBoundingClientRect().width ?? 0) - wanted) < 8, {
    element: await sideBarPart.elementHandle(),
    wanted: width,
  });
}

/** Moves the pointer onto the status bar, so that no hover the pointer opened covers what a screenshot shows. */
export async function moveMouseAway(page: Page): Promise<void> {
  const statusBar = await page.locator('.part.statusbar').boundingBox();
  if (!statusBar) throw new Error('the status bar is not shown');
  await page.mouse.move(statusBar.x + statusBar.width / 2, statusBar.y + statusBar.height / 2);
  await page.locator('.workbench-hover:visible').first().waitFor({ state: 'hidden' });
}

/** Replaces the text of the line holding `"field"` in `editor` with `text`, as a person selecting it and typing. */
export async function retypeLine(page: Page, editor: Locator, field: string, text: string): Promise<void> {
  await editor
    .locator('.view-line', { hasText: `"${field}"` })
    .first()
    .click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  // Deleted first: a quote typed over a selection would put the selection in quotes.
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}
