import type * as vscode from 'vscode';
import type { AccountStore } from './shared/accountStore';
import type { Logger } from './base/logger';
import type { ResourceChanges } from './base/resourceTarget';
import type { Prompts } from './ui/prompts';

/** What every feature of the extension is given at activation. */
export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly logger: Logger;
  readonly accounts: AccountStore;
  readonly changes: ResourceChanges;
  /** Replaced by the integration tests, so read it at the moment of asking. */
  prompts: Prompts;
}
