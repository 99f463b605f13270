import * as vscode from 'vscode';
import type { Prompts } from '../../../src/extension/base/prompts';

// The suite runs from inside the product's folder (scripts/integration/run-in-code-server.ts), so `vscode.window`
// here is the very object the product calls: a test answers the product's questions by replacing its functions.

type Asked =
  | 'showQuickPick'
  | 'showInputBox'
  | 'showWarningMessage'
  | 'showInformationMessage'
  | 'showErrorMessage'
  | 'showSaveDialog'
  | 'showOpenDialog';

const asked: Asked[] = [
  'showQuickPick',
  'showInputBox',
  'showWarningMessage',
  'showInformationMessage',
  'showErrorMessage',
  'showSaveDialog',
  'showOpenDialog',
];
const writable = vscode.window as unknown as Record<Asked, unknown>;

interface Shared {
  /** VS Code's own functions, as the product had them before any test replaced one. */
  readonly real: Map<Asked, unknown>;
  readonly wrappers: Array<(prompts: Prompts) => Prompts>;
}

// Each test file is bundled with its own copy of this module: the copies share one state, as they share one window.
const shared: Shared = ((globalThis as { [key: symbol]: Shared })[Symbol.for('dbhost.integration.windowPrompts')] ??= {
  real: new Map(asked.map((name) => [name, writable[name]])),
  wrappers: [],
});
const { real, wrappers } = shared;

/** Every prompts a test installs from now on is first wrapped by `wrap` (the key canary records what they were shown). */
export function wrapEveryAnswer(wrap: (prompts: Prompts) => Prompts): void {
  wrappers.push(wrap);
}

/** True while no test's prompts answer: the product asks the person through VS Code's own functions. */
export function personAnswers(): boolean {
  return asked.every((name) => writable[name] === real.get(name));
}

type MessageArgs = [string, ...Array<string | vscode.MessageOptions | vscode.MessageItem>];

function actionsOf(rest: MessageArgs extends [string, ...infer R] ? R : never): string[] {
  return rest.filter((item): item is string => typeof item === 'string');
}

/** VS Code's asking functions, as the product calls them, answered by `prompts`. */
function answering(prompts: Prompts): Record<Asked, unknown> {
  return {
    showQuickPick: async (
      items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>,
      options?: vscode.QuickPickOptions,
    ) =>
      prompts.pick(
        (await items).map((item) => ({ ...item, value: item })),
        options ?? {},
      ),
    showInputBox: async (options?: vscode.InputBoxOptions) => prompts.input(options ?? {}),
    showWarningMessage: async (...[message, ...rest]: MessageArgs) => {
      const options = rest[0];
      if (typeof options === 'object' && options !== null && 'modal' in options && options.modal) {
        const confirmLabel = actionsOf(rest)[0];
        return (await prompts.confirm(message, { detail: options.detail, confirmLabel })) ? confirmLabel : undefined;
      }
      return prompts.warn(message, ...actionsOf(rest));
    },
    showInformationMessage: async (...[message, ...rest]: MessageArgs) => prompts.info(message, ...actionsOf(rest)),
    showErrorMessage: async (...[message, ...rest]: MessageArgs) => prompts.error(message, ...actionsOf(rest)),
    showSaveDialog: async (options?: vscode.SaveDialogOptions) => prompts.saveFile(options ?? {}),
    showOpenDialog: async (options?: vscode.OpenDialogOptions) => {
      const file = await prompts.openFile(options ?? {});
      return file ? [file] : undefined;
    },
  };
}

/**
 * Answers every question the product asks, and takes every message it shows, with `prompts` in place of a person;
 * `undefined` gives them back to the person. The root hooks give them back after every test.
 */
export function answerPrompts(prompts: Prompts | undefined): void {
  const replacements = prompts ? answering(wrappers.reduce((wrapped, wrap) => wrap(wrapped), prompts)) : undefined;
  for (const name of asked) writable[name] = replacements ? replacements[name] : real.get(name);
}
