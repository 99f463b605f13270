import type * as vscode from 'vscode';
import type { AccountStore } from './kit/accounts/accountStore';
import type { Logger } from './base/logger';
import type { ResourceChanges } from './base/resourceTarget';
import type { Prompts } from './base/prompts';
import type { RulesSaveChecks } from './kit/writes/rulesSaveCheck';
import type { VirtualDocuments } from './base/virtualDocuments';

/** What every feature of the extension is given at activation. */
export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly accounts: AccountStore;
  readonly changes: ResourceChanges;
  /** A collection's rules' check of a document's save (set by the rules feature). */
  readonly rulesSaveChecks: RulesSaveChecks;
  readonly prompts: Prompts;
  /** The read-only snapshots the extension opens, and how long their text is kept. */
  readonly virtualDocuments: VirtualDocuments;
}
