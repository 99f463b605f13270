import * as vscode from 'vscode';

export interface PickItem<T> extends vscode.QuickPickItem {
  value: T;
}

export interface ConfirmOptions {
  detail?: string;
  /** The label of the button that goes ahead, e.g. "Delete". */
  confirmLabel: string;
}

/** Everything the extension asks of the user, and every message it shows, in one place: VS Code's window. */
export interface Prompts {
  pick<T>(items: PickItem<T>[], options: vscode.QuickPickOptions): Promise<T | undefined>;
  input(options: vscode.InputBoxOptions): Promise<string | undefined>;
  /** A modal warning; true only when the user chose `confirmLabel`. */
  confirm(message: string, options: ConfirmOptions): Promise<boolean>;
  info(message: string, ...actions: string[]): Promise<string | undefined>;
  warn(message: string, ...actions: string[]): Promise<string | undefined>;
  error(message: string, ...actions: string[]): Promise<string | undefined>;
  /** A file to write (export); undefined when dismissed. */
  saveFile(options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined>;
  /** A file to read (import); undefined when dismissed. */
  openFile(options: vscode.OpenDialogOptions): Promise<vscode.Uri | undefined>;
}

export const vscodePrompts: Prompts = {
  async pick(items, options) {
    const chosen = await vscode.window.showQuickPick(items, options);
    return chosen?.value;
  },
  input: async (options) => vscode.window.showInputBox({ ignoreFocusOut: true, ...options }),
  async confirm(message, { detail, confirmLabel }) {
    const answer = await vscode.window.showWarningMessage(message, { modal: true, detail }, confirmLabel);
    return answer === confirmLabel;
  },
  info: async (message, ...actions) => vscode.window.showInformationMessage(message, ...actions),
  warn: async (message, ...actions) => vscode.window.showWarningMessage(message, ...actions),
  error: async (message, ...actions) => vscode.window.showErrorMessage(message, ...actions),
  saveFile: async (options) => vscode.window.showSaveDialog(options),
  openFile: async (options) => (await vscode.window.showOpenDialog({ ...options, canSelectMany: false }))?.[0],
};
