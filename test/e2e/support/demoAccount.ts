import type { Locator, Page } from 'playwright-core';
import type { JsonObject } from '../../../src/core/json/lossless';
import { DbHostClient } from '../../../src/client/dbHostClient';
import { addAccountThroughUi } from './accounts';
import type { ProductSession } from './product-session';
import { openProductSession } from './product-session';
import { dismissNotification, editorGroupOf, expandRow, openDbHostView, treeRow, treeRowsAtLevel } from './workbench';

/**
 * The workspace settings of a journey that types into editors: its keystrokes go in one by one, and the editor's
 * closing of brackets and quotes, its formatting as you type and its suggestions would add their own characters.
 */
export const TYPING_SETTINGS = JSON.stringify(
  {
    'files.autoSave': 'off',
    'editor.autoClosingBrackets': 'never',
    'editor.autoClosingQuotes': 'never',
    'editor.formatOnType': false,
    'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
    'editor.suggestOnTriggerCharacters': false,
  },
  null,
  2,
);

export interface DemoAccountSession {
  session: ProductSession;
  /** A client of its own straight to the local service: how a journey checks what the service holds. */
  client: DbHostClient;
  /** The DB Host view, its "Local demo" account added. */
  sideBar: Locator;
}

/** The product opened on a workspace set up for typing, the local demo service added as "Local demo" from the welcome. */
export async function openWithDemoAccount(): Promise<DemoAccountSession> {
  const session = await openProductSession({ workspaceFiles: { '.vscode/settings.json': TYPING_SETTINGS } });
  const client = new DbHostClient({ baseUrl: session.service.url, apiKey: session.service.apiKey });
  const sideBar = await openDbHostView(session.page);
  await dismissNotification(await addAccountThroughUi(session, sideBar, { within: sideBar.locator('.welcome-view-content') }));
  return { session, client, sideBar };
}

/** Expands the tree rows `labels` in turn (an account, "Databases", a database…), as a person clicking down to one. */
export async function expandPath(sideBar: Locator, labels: readonly string[]): Promise<void> {
  for (const label of labels) await expandRow(treeRow(sideBar, label));
}

/** Expands the demo's inventory.products down to its documents; resolves with the first one's row and `_id` text. */
export async function firstProduct(sideBar: Locator, account = 'Local demo'): Promise<{ row: Locator; id: string }> {
  await expandPath(sideBar, [account, 'Databases', 'inventory', 'products', 'Documents']);
  const row = treeRowsAtLevel(sideBar, 6).first();
  await row.waitFor({ state: 'visible' });
  return { row, id: (await row.locator('.label-name').innerText()).trim() };
}

/** Opens the first of inventory.products in its editor; resolves with its `_id` text, its stored fields and the editor. */
export async function openFirstProduct(
  page: Page,
  sideBar: Locator,
  client: DbHostClient,
): Promise<{ id: string; stored: JsonObject; editor: Locator }> {
  const { row, id } = await firstProduct(sideBar);
  const stored = (await client.getDocument('inventory', 'products', { $oid: id })).document;
  await row.click();
  const editor = editorGroupOf(page, `${id}.json`);
  await editor.locator('.view-line', { hasText: `"stock": ${String(stored.stock)},` }).waitFor({ state: 'visible' });
  return { id, stored, editor };
}
