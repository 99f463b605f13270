import * as vscode from 'vscode';
import { toolOf } from '../support/registrations';

/** Calls a tool as any agent does, through VS Code's own `vscode.lm.invokeTool` (no chat, no Copilot), and returns its text. */
export async function invokeTool(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/** The text of a prepared invocation's confirmation message (a MarkdownString or a string). */
export function confirmationOf(prepared: vscode.PreparedToolInvocation | null | undefined): { title: string; message: string } | undefined {
  const messages = prepared?.confirmationMessages;
  if (!messages) return undefined;
  return { title: messages.title, message: typeof messages.message === 'string' ? messages.message : messages.message.value };
}

/** What the tool answers VS Code's prepareInvocation with before a call: the invocation and confirmation messages. */
export async function prepareTool(name: string, input: object): Promise<vscode.PreparedToolInvocation | null | undefined> {
  return toolOf(name).prepareInvocation?.({ input }, new vscode.CancellationTokenSource().token);
}

/**
 * Runs the tool as VS Code does once the person accepted the confirmation {@link prepareTool} gave (or as a
 * caller that skipped it would): its invoke alone, without VS Code's own dialog in between.
 */
export async function invokeAfterConfirmation(name: string, input: object): Promise<vscode.LanguageModelToolResult> {
  const result = await toolOf(name).invoke({ input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  if (!result) throw new Error(`The tool ${name} gave no result`);
  return result;
}
