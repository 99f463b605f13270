import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor } from '../support/waitFor';

/** The shortest `dbhost.requestTimeoutSeconds` allowed: a call the fault proxy holds ends after it. */
export const SHORT_TIMEOUT_SECONDS = 1;

/** Sets `dbhost.requestTimeoutSeconds` for the user; `undefined` restores the default. */
export async function setRequestTimeout(seconds: number | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('dbhost').update('requestTimeoutSeconds', seconds, vscode.ConfigurationTarget.Global);
}

/**
 * Resolves once `check` holds, looking again every few milliseconds: for conditions no event announces
 * (what the fault proxy saw). The test's own timeout bounds the wait; the message says what never came.
 */
export async function until(check: () => boolean, what: string, describeState: () => string = () => ''): Promise<void> {
  await waitFor(check, { what, describeState });
}

/** One clear line: no line break, long enough to say something, without the key. */
export function assertOneClearLine(message: string, apiKey: string): void {
  assert.ok(message.length > 20, `too short to explain anything: "${message}"`);
  assert.ok(!/\r|\n/.test(message), `more than one line: ${JSON.stringify(message)}`);
  assertNoKey([message], apiKey);
}

export function assertNoKey(texts: readonly string[], apiKey: string): void {
  for (const text of texts) assert.ok(!text.includes(apiKey), 'the API key appears in what the user sees');
}
