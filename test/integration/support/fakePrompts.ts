import * as vscode from 'vscode';
import type { ConfirmOptions, PickItem, Prompts } from '../../../src/extension/base/prompts';

/** One scripted answer, in the order the command asks. `dismiss` is the user pressing Escape. */
export type FakeAnswer = { pick: string | RegExp } | { input: string } | { confirm: boolean } | { file: string } | { dismiss: true };

export interface Question {
  kind: 'pick' | 'input' | 'confirm' | 'file';
  /** Title, prompt or message: what the user reads first. */
  text: string;
  /** A pick's or an input box's title, as given. */
  title?: string;
  /** A confirmation's message. */
  message?: string;
  /** A confirmation's detail; a pick's item labels. */
  detail?: string;
  items?: string[];
  password?: boolean;
}

export interface FakePromptsOptions {
  /**
   * When the input box's validation refuses a scripted answer: by default the person gives up (the answer is
   * undefined); with `fail`, the command fails with a message naming the box, the answer and the refusal.
   */
  refusedInput?: 'give-up' | 'fail';
}

const stripIcons = (label: string) => label.replace(/\$\([\w-]+\)\s*/g, '');

/**
 * Answers a command's questions from a script, as a person would: an input the box's validation
 * refuses cannot be submitted, so the person gives up (the answer is undefined and the refusal is
 * recorded; see {@link FakePromptsOptions.refusedInput}). A question the script did not expect, or a
 * pick with no item matching, fails the command. Everything shown to the "user" is kept in
 * {@link shown}, so a test can check that no key ever appeared in it.
 */
export class FakePrompts implements Prompts {
  readonly questions: Question[] = [];
  readonly infos: string[] = [];
  readonly warnings: string[] = [];
  readonly errors: string[] = [];
  /** The actions each error message offered, in the order of {@link errors}. */
  readonly errorActions: string[][] = [];
  /** What input validation said about answers it refused. */
  readonly refusals: string[] = [];
  readonly shown: string[] = [];
  private readonly answers: FakeAnswer[];

  constructor(
    answers: FakeAnswer[] = [],
    private readonly options: FakePromptsOptions = {},
  ) {
    this.answers = [...answers];
  }

  /** Answers the script still holds: a test that expects every question asked checks this is 0. */
  get unanswered(): number {
    return this.answers.length;
  }

  /** The confirmations asked, in order. */
  get confirmations(): Question[] {
    return this.questions.filter((question) => question.kind === 'confirm');
  }

  private next(kind: Question['kind'], text: string): FakeAnswer {
    const answer = this.answers.shift();
    if (!answer) throw new Error(`The script has no answer for the ${kind} "${text}"`);
    if (!('dismiss' in answer) && !(kind in answer))
      throw new Error(`The script expected ${JSON.stringify(answer)}, not the ${kind} "${text}"`);
    return answer;
  }

  async pick<T>(items: PickItem<T>[], options: vscode.QuickPickOptions): Promise<T | undefined> {
    const labels = items.map((item) => stripIcons(item.label));
    const text = options.title ?? options.placeHolder ?? '';
    this.questions.push({ kind: 'pick', text, title: options.title, items: labels });
    this.shown.push(text, options.placeHolder ?? '', ...items.flatMap((item) => [item.label, item.description ?? '', item.detail ?? '']));
    const answer = this.next('pick', text);
    if ('dismiss' in answer) return undefined;
    const pick = (answer as { pick: string | RegExp }).pick;
    const index = labels.findIndex((label) => (typeof pick === 'string' ? label === pick : pick.test(label)));
    if (index < 0) throw new Error(`No item matches ${String(pick)} in "${text}": ${labels.join(' | ')}`);
    return items[index].value;
  }

  async input(options: vscode.InputBoxOptions): Promise<string | undefined> {
    const text = options.title ?? options.prompt ?? '';
    this.questions.push({ kind: 'input', text, title: options.title, detail: options.prompt, password: options.password });
    // A password box shows dots, not its value, so only a visible prefilled value counts as shown.
    this.shown.push(text, options.prompt ?? '', options.placeHolder ?? '', options.password ? '' : (options.value ?? ''));
    const answer = this.next('input', text);
    if ('dismiss' in answer) return undefined;
    const value = (answer as { input: string }).input;
    const problem = await options.validateInput?.(value);
    if (problem) {
      const message = typeof problem === 'string' ? problem : problem.message;
      this.refusals.push(message);
      this.shown.push(message);
      if (this.options.refusedInput === 'fail') throw new Error(`The input box "${text}" refused ${JSON.stringify(value)}: ${message}`);
      return undefined;
    }
    return value;
  }

  async confirm(message: string, options: ConfirmOptions): Promise<boolean> {
    this.questions.push({ kind: 'confirm', text: message, message, detail: options.detail });
    this.shown.push(message, options.detail ?? '', options.confirmLabel);
    const answer = this.next('confirm', message);
    return 'confirm' in answer ? answer.confirm : false;
  }

  /** A save or open dialog, answered with a file path. */
  async saveFile(options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined> {
    return this.fileAnswer(options.title ?? 'Save');
  }

  async openFile(options: vscode.OpenDialogOptions): Promise<vscode.Uri | undefined> {
    return this.fileAnswer(options.title ?? 'Open');
  }

  private async fileAnswer(text: string): Promise<vscode.Uri | undefined> {
    this.questions.push({ kind: 'file', text });
    this.shown.push(text);
    const answer = this.next('file', text);
    if ('dismiss' in answer) return undefined;
    return vscode.Uri.file((answer as { file: string }).file);
  }

  async info(message: string): Promise<string | undefined> {
    this.infos.push(message);
    this.shown.push(message);
    return undefined;
  }

  async warn(message: string): Promise<string | undefined> {
    this.warnings.push(message);
    this.shown.push(message);
    return undefined;
  }

  async error(message: string, ...actions: string[]): Promise<string | undefined> {
    this.errors.push(message);
    this.errorActions.push(actions);
    this.shown.push(message);
    return undefined;
  }
}
