import * as vscode from 'vscode';
import type { ResourceTarget } from '../base/resourceTarget';
import { describeError } from '../base/registerCommand';
import type { Services } from '../services';
import type { ExplorerNode } from './explorerNode';
import type { ExplorerProvider } from './explorerProvider';
import { CollectionNode } from './nodes/collectionNode';
import { DatabaseNode } from './nodes/databaseNode';
import { DatabasesNode } from './nodes/databasesNode';
import { DocumentNode } from './nodes/documentNode';
import { IndexNode } from './nodes/indexNode';

/** Internal: reveals and selects what a command just made or renamed. Not in the palette. */
export const REVEAL_IN_EXPLORER = 'dbhost.revealInExplorer';

/**
 * Shows in the DB Host view the database, collection, index or document a command created or renamed:
 * its parents expand, it is selected, the editor keeps the focus. A document beyond the pages loaded is
 * shown by its collection's Documents item. Never fails the command that asked: a reveal that cannot
 * happen is logged.
 */
export function revealInExplorer(target: ResourceTarget, options: RevealOptions = {}): void {
  void vscode.commands.executeCommand(REVEAL_IN_EXPLORER, target, options);
}

export interface RevealOptions {
  /** Leaves a hidden DB Host view hidden (e.g. for what was made in an editor): revealing would open it. */
  onlyIfVisible?: boolean;
}

export function registerRevealInExplorer(services: Services, provider: ExplorerProvider, view: vscode.TreeView<ExplorerNode>): vscode.Disposable {
  return vscode.commands.registerCommand(REVEAL_IN_EXPLORER, async (target: ResourceTarget, options: RevealOptions = {}): Promise<string | undefined> => {
    if (options.onlyIfVisible && !view.visible) return undefined;
    try {
      const node = await findNode(provider, target);
      if (!node) return undefined;
      await view.reveal(node, { select: true, focus: false, expand: false });
      return node.id;
    } catch (error) {
      services.logger.warn(`Could not reveal in the DB Host view: ${describeError(error)}`);
      return undefined;
    }
  });
}

/** Walks down the tree as the view would, loading each list on the way (a list just changed reloads here). */
async function findNode(provider: ExplorerProvider, target: ResourceTarget): Promise<ExplorerNode | undefined> {
  const account = provider.accountNode(target.accountId);
  if (!account || target.db === undefined) return account;
  const databases = (await account.children()).find((node) => node instanceof DatabasesNode);
  const database = databases && (await provider.getChildren(databases)).find((node) => node instanceof DatabaseNode && node.name === target.db);
  if (!database || target.col === undefined) return database;
  const collection = (await provider.getChildren(database)).find((node) => node instanceof CollectionNode && node.name === target.col);
  if (!(collection instanceof CollectionNode)) return undefined;
  if (target.index !== undefined) {
    return (await provider.getChildren(collection.indexes)).find((node) => node instanceof IndexNode && node.name === target.index) ?? collection.indexes;
  }
  if (target.docId !== undefined) {
    return (await provider.getChildren(collection.documents)).find((node) => node instanceof DocumentNode && node.target.docId === target.docId) ?? collection.documents;
  }
  return collection;
}
