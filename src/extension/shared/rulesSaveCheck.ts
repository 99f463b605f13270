import type * as vscode from 'vscode';

/**
 * Why a document's text may not be saved under its collection's rules (strict level, error action), one line that
 * leads with the cause; undefined when the save may go.
 */
export type RulesSaveCheck = (uri: vscode.Uri, text: string) => Promise<string | undefined>;

/**
 * The rules' check of a save, handed through Services: the rules feature sets it, the documents' save asks it
 * before sending anything, so neither feature imports the other and no bundle keeps a copy of it.
 */
export class RulesSaveChecks {
  private check: RulesSaveCheck | undefined;

  set(check: RulesSaveCheck): void {
    this.check = check;
  }

  /** The rules' refusal of saving `text` as the document at `uri`, if any. */
  refusal(uri: vscode.Uri, text: string): Promise<string | undefined> {
    return this.check ? this.check(uri, text) : Promise.resolve(undefined);
  }
}
