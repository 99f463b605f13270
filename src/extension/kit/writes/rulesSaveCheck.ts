import type * as vscode from 'vscode';
import type { CollectionRules } from '../../../core/api/collectionRules';
import type { JsonObject } from '../../../core/json/lossless';
import type { Violation } from '../../../core/validation/rulesTypes';

/** The collection whose rules are asked for. */
export interface RulesCollection {
  accountId: string;
  db: string;
  col: string;
}

/** A collection's rules as the extension checks documents against them before sending (compiled in dist/rules.mjs). */
export interface RulesCheck {
  readonly rules: CollectionRules;
  /** Every way `document` breaks the rules; none when it keeps them, or is too big to check here (the service decides then). */
  violations(document: JsonObject): Violation[];
}

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
  private read: ((collection: RulesCollection) => Promise<RulesCheck | undefined>) | undefined;

  /** Disposing what it returns takes the check out again, unless another was set since. */
  set(check: RulesSaveCheck, read: (collection: RulesCollection) => Promise<RulesCheck | undefined>): vscode.Disposable {
    this.check = check;
    this.read = read;
    return {
      dispose: () => {
        if (this.check !== check) return;
        this.check = undefined;
        this.read = undefined;
      },
    };
  }

  /**
   * The collection's rules read now, compiled for checking; undefined when it has none (or they are off, or cannot be
   * read: the service still checks every write). The collection view, import's dry run and bulk preview ask it.
   */
  rulesOf(collection: RulesCollection): Promise<RulesCheck | undefined> {
    return this.read ? this.read(collection) : Promise.resolve(undefined);
  }

  /** The rules' refusal of saving `text` as the document at `uri`, if any. */
  refusal(uri: vscode.Uri, text: string): Promise<string | undefined> {
    return this.check ? this.check(uri, text) : Promise.resolve(undefined);
  }
}
