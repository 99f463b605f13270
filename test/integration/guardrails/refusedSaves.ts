import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { shownAccount } from '../support/accounts';
import type { FakeAnswer } from '../support/fakePrompts';
import { FakePrompts } from '../support/fakePrompts';
import { discard, replaceAll } from '../support/textEditing';
import { answerPrompts } from '../support/windowPrompts';
import type { Seen } from './guardedAccount';

/**
 * Saves an edited editor as VS Code's own save does; the edit must stay in the dirty editor, and the reason is what
 * the file system answers. A Read-only account's document is a read-only file: VS Code takes no edit of it as a
 * change to save (`before` is put back so that the next test reads the document as the service holds it).
 */
export async function saveRefused(
  accountId: string,
  document: vscode.TextDocument,
  edited: string,
  guard: FakeAnswer[],
  before?: string,
): Promise<Seen> {
  const prompts = new FakePrompts([...guard, ...guard]);
  answerPrompts(prompts);
  const readOnly = (await shownAccount(accountId)).mode === 'readOnly';
  try {
    assert.equal(await document.save(), false, 'the save went through');
    if (readOnly) {
      assert.equal((await vscode.workspace.fs.stat(document.uri)).permissions, vscode.FilePermission.Readonly);
      assert.equal(document.isDirty, false, 'a read-only editor took an edit as a change to save');
    } else {
      assert.equal(document.isDirty, true, 'the editor lost its edit');
      assert.ok(document.getText().includes(edited), 'the edit is not in the editor any more');
    }
    return { messages: [await writeRefusal(document)], questions: prompts.questions };
  } finally {
    answerPrompts(undefined);
    if (readOnly && before !== undefined) await replaceAll(document, before);
    await discard(document);
  }
}

/**
 * Saves an edited rules file, which the guardrails refuse: a rules file is not read-only on a Read-only account (its
 * refusal comes at the save, before anything is sent), and the edit stays in the dirty editor.
 */
export async function rulesSaveRefused(document: vscode.TextDocument, guard: FakeAnswer[]): Promise<Seen> {
  const prompts = new FakePrompts([...guard, ...guard]);
  answerPrompts(prompts);
  try {
    assert.equal(await document.save(), false, 'the save went through');
    assert.equal(document.isDirty, true, 'the editor lost its edit');
    return { messages: [await writeRefusal(document)], questions: prompts.questions };
  } finally {
    answerPrompts(undefined);
    await discard(document);
  }
}

/** Why writing the editor's text through the file system is refused (the refusal a save shows). */
async function writeRefusal(document: vscode.TextDocument): Promise<string> {
  let reason = '';
  await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))), (error: Error) => {
    reason = error.message;
    return true;
  });
  return reason;
}
