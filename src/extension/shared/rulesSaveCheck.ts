import type * as vscode from 'vscode';

/**
 * Why a document's text may not be saved under its collection's rules (strict level, error action), one line that
 * leads with the cause; undefined when the save may go. The rules feature sets it; the documents' save asks it
 * before sending anything, so neither feature imports the other.
 */
export type RulesSaveCheck = (uri: vscode.Uri, text: string) => Promise<string | undefined>;

let current: RulesSaveCheck | undefined;

export function setRulesSaveCheck(check: RulesSaveCheck): void {
  current = check;
}

/** The rules' refusal of saving `text` as the document at `uri`, if any. */
export function rulesRefusal(uri: vscode.Uri, text: string): Promise<string | undefined> {
  return current ? current(uri, text) : Promise.resolve(undefined);
}
