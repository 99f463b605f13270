import type { Context, RootHookObject, Suite } from 'mocha';
import * as vscode from 'vscode';
import type { AccountGuardrails } from '../../../src/core/guardrails/accountGuardrails';
import { modeOf } from '../../../src/core/guardrails/accountGuardrails';
import { setGuardrails, shownAccounts } from './accounts';
import { closeAllEditors } from './editors';
import { activateExtension } from './extensionUnderTest';
import { isInJourney } from './journey';
import { productExtensionId } from './product';
import { answerPrompts } from './windowPrompts';

/**
 * What every integration test starts from, put back by hooks the suite entry (index.ts) installs, so that no
 * test depends on what an earlier one left behind and no suite resets it by hand:
 *
 * - after every test: the real prompts; the `dbhost.*` and `files.*` settings and the accounts' guardrails
 *   (mode, colour, tag) as they were before the test; no editor open (webviews included), unless the test's
 *   suite is a {@link journey};
 * - after every top-level suite (a test file's `describe`): the settings as they were before the suite's own
 *   `before`, and no editor open.
 *
 * So a suite sets what all its tests need in `before` (settings) or `beforeEach` (prompts, which go after each
 * test), and a test may change anything for itself without undoing it.
 */

type Settings = Map<string, unknown>;
type Guardrails = Map<string, string>;

let activated: Promise<unknown> | undefined;
const activate = (): Promise<unknown> => (activated ??= activateExtension());

/**
 * The settings put back: every `dbhost.*` setting the product contributes, and VS Code's `files.*` settings that
 * hold one value (auto-save, conflict resolution…; not the object-valued ones like `files.exclude`).
 */
function settingKeys(): string[] {
  const contributed = (
    vscode.extensions.getExtension(productExtensionId)?.packageJSON as
      { contributes?: { configuration?: { properties?: object } } } | undefined
  )?.contributes?.configuration?.properties;
  const files = vscode.workspace.getConfiguration('files');
  const fileKeys = Object.entries(files)
    .filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key]) => `files.${key}`);
  return [...Object.keys(contributed ?? {}), ...fileKeys];
}

function userSettings(): Settings {
  const configuration = vscode.workspace.getConfiguration();
  return new Map(settingKeys().map((key) => [key, configuration.inspect(key)?.globalValue]));
}

async function restoreSettings(before: Settings): Promise<void> {
  const configuration = vscode.workspace.getConfiguration();
  for (const [key, value] of userSettings()) {
    const was = before.get(key);
    if (JSON.stringify(value) !== JSON.stringify(was)) await configuration.update(key, was, vscode.ConfigurationTarget.Global);
  }
}

const guardrailsText = (account: AccountGuardrails): string => JSON.stringify([modeOf(account), account.color, account.tag]);

async function guardrailsNow(): Promise<Guardrails> {
  await activate();
  return new Map((await shownAccounts()).map((account) => [account.id, guardrailsText(account)]));
}

/** Puts back, with "Account Settings" as a person would, what a test changed of the accounts it did not add. */
async function restoreGuardrails(before: Guardrails): Promise<void> {
  for (const account of await shownAccounts()) {
    const was = before.get(account.id);
    if (was === undefined || was === guardrailsText(account)) continue;
    const [mode, color, tag] = JSON.parse(was) as [AccountGuardrails['mode'], string | null, string | null];
    await setGuardrails(account.id, { mode, color: color ?? undefined, tag: tag ?? undefined });
  }
}

/** The hooks run around every test. */
export function rootHooks(): RootHookObject {
  let settings: Settings = new Map();
  let guardrails: Guardrails = new Map();
  return {
    async beforeEach() {
      settings = userSettings();
      guardrails = await guardrailsNow();
    },
    async afterEach(this: Context) {
      await activate();
      answerPrompts(undefined);
      // Settings first: an editor closed while a test's auto-save setting still holds could save on the way out.
      await restoreSettings(settings);
      await restoreGuardrails(guardrails);
      if (!isInJourney(this.currentTest?.parent)) await closeAllEditors();
    },
  };
}

/** Gives each top-level suite, as a test file adds it, hooks that put back what the suite as a whole changed. */
export function resetAfterEachTopLevelSuite(root: Suite): void {
  root.on('suite', (suite: Suite) => {
    let settings: Settings = new Map();
    // Added before the suite's own hooks: the first to run before it, the first to run after it.
    suite.beforeAll('remember the settings', () => {
      settings = userSettings();
    });
    suite.afterAll('close the editors and restore the settings', async () => {
      await restoreSettings(settings);
      await closeAllEditors();
    });
  });
}
