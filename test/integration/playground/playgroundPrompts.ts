import type * as vscode from 'vscode';
import type { ConfirmOptions, PickItem, Prompts } from '../../../src/extension/ui/prompts';

/**
 * Answers the playground's questions in place of a person: confirms (or declines) updates, picks by
 * label, and records every question and message for the test to check.
 */
export class PlaygroundPrompts implements Prompts {
  readonly confirmations: { message: string; detail?: string }[] = [];
  readonly warnings: string[] = [];
  readonly infos: string[] = [];
  readonly errors: string[] = [];

  constructor(private readonly answers: { confirm?: boolean; pick?: string } = {}) {}

  async pick<T>(items: PickItem<T>[], options: vscode.QuickPickOptions): Promise<T | undefined> {
    const item = items.find((candidate) => candidate.label === this.answers.pick);
    if (!item) throw new Error(`Unexpected pick "${options.title}" among ${items.map((candidate) => candidate.label).join(', ')}`);
    return item.value;
  }
  async input(options: vscode.InputBoxOptions): Promise<string | undefined> {
    throw new Error(`Unexpected input box "${options.title ?? options.prompt}"`);
  }
  async confirm(message: string, options: ConfirmOptions): Promise<boolean> {
    this.confirmations.push({ message, detail: options.detail });
    if (this.answers.confirm === undefined) throw new Error(`Unexpected confirmation "${message}"`);
    return this.answers.confirm;
  }
  async info(message: string): Promise<string | undefined> {
    this.infos.push(message);
    return undefined;
  }
  async warn(message: string): Promise<string | undefined> {
    this.warnings.push(message);
    return undefined;
  }
  async error(message: string): Promise<string | undefined> {
    this.errors.push(message);
    return undefined;
  }
}
