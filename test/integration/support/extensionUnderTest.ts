import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeAnswer } from './fakePrompts';
import { FakePrompts } from './fakePrompts';
import { productExtensionId } from './product';
import { answerPrompts } from './windowPrompts';

/** The product extension, activated. */
export async function activateExtension(): Promise<{ extension: vscode.Extension<void> }> {
  const extension = vscode.extensions.getExtension<void>(productExtensionId);
  assert.ok(extension, `${productExtensionId} is not installed`);
  await extension.activate();
  return { extension };
}

/**
 * Runs a command with its questions answered by the script, then puts the real prompts back. An answer an
 * input box refuses fails the command, so a test that expects none sees the refusal among the errors.
 * Given prompts of the test's own making instead, they answer as they were made (by default, a refused
 * answer is recorded and the person gives up).
 */
export async function runScripted(
  script: FakeAnswer[] | FakePrompts,
  command: string,
  ...args: unknown[]
): Promise<{ prompts: FakePrompts }> {
  const prompts = Array.isArray(script) ? new FakePrompts(script, { refusedInput: 'fail' }) : script;
  answerPrompts(prompts);
  try {
    await vscode.commands.executeCommand(command, ...args);
    return { prompts };
  } finally {
    answerPrompts(undefined);
  }
}
