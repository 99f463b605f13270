import type * as vscode from 'vscode';
import type { ConfirmOptions, PickItem, Prompts } from '../../../src/extension/ui/prompts';

/** One scripted answer, given in the order the command asks. */
export type Answer =
  | { pick: string | RegExp }
  | { input: string }
  | { confirm: boolean };

export interface Asked {
  kind: 'pick' | 'input' | 'confirm';
  title?: string;
  message?: string;
  detail?: string;
  labels?: string[];
}

const stripIcons = (label: string) => label.replace(/\$\([\w-]+\)\s*/g, '');

/**
 * Answers a command's questions from a script instead of a person. A question the script did not
 * expect, or a pick with no item matching, fails the command with a message naming it; messages
 * shown are recorded for the test to check.
 */
export class ScriptedPrompts implements Prompts {
  readonly asked: Asked[] = [];
  readonly errors: string[] = [];
  readonly infos: string[] = [];
  readonly warnings: string[] = [];
  private readonly answers: Answer[];

  constructor(answers: Answer[]) {
    this.answers = [...answers];
  }

  get unanswered(): number {
    return this.answers.length;
  }

  private next<K extends 'pick' | 'input' | 'confirm'>(kind: K, question: string): Extract<Answer, Record<K, unknown>> {
    const answer = this.answers.shift();
    if (!answer || !(kind in answer)) throw new Error(`The script did not expect the ${kind} "${question}" (next answer: ${JSON.stringify(answer)})`);
    return answer as Extract<Answer, Record<K, unknown>>;
  }

  async pick<T>(items: PickItem<T>[], options: vscode.QuickPickOptions): Promise<T | undefined> {
    const labels = items.map((item) => stripIcons(item.label));
    this.asked.push({ kind: 'pick', title: options.title, labels });
    const { pick } = this.next('pick', options.title ?? '');
    const index = labels.findIndex((label) => (typeof pick === 'string' ? label === pick : pick.test(label)));
    if (index < 0) throw new Error(`No item matches ${String(pick)} in "${options.title}": ${labels.join(' | ')}`);
    return items[index].value;
  }

  async input(options: vscode.InputBoxOptions): Promise<string | undefined> {
    this.asked.push({ kind: 'input', title: options.title });
    const { input } = this.next('input', options.title ?? options.prompt ?? '');
    const problem = await options.validateInput?.(input);
    if (problem) throw new Error(`The input box "${options.title}" refused ${JSON.stringify(input)}: ${typeof problem === 'string' ? problem : problem.message}`);
    return input;
  }

  async confirm(message: string, options: ConfirmOptions): Promise<boolean> {
    this.asked.push({ kind: 'confirm', message, detail: options.detail });
    return this.next('confirm', message).confirm;
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
