import * as vscode from 'vscode';

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
