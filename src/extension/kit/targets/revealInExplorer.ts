import * as vscode from 'vscode';
import type { ResourceTarget } from '../../base/resourceTarget';
import { CommandId } from '../feature/commandIds';

/**
 * Shows in the DB Host view the database, collection, index or document a command created or renamed:
 * its parents expand, it is selected, the editor keeps the focus. A document beyond the pages loaded is
 * shown by its collection's Documents item. Never fails the command that asked: a reveal that cannot
 * happen is logged.
 */
export function revealInExplorer(target: ResourceTarget, options: RevealOptions = {}): void {
  void vscode.commands.executeCommand(CommandId.revealInExplorer, target, options);
}

export interface RevealOptions {
  /** Leaves a hidden DB Host view hidden (e.g. for what was made in an editor): revealing would open it. */
  onlyIfVisible?: boolean;
}
