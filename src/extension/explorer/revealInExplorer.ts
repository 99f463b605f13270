import type * as vscode from 'vscode';
import type { ResourceTarget } from '../base/resourceTarget';
import { sameDocumentId } from '../../core/documents/documentId';
import type { Services } from '../services';
import type { RevealOptions } from '../kit/targets/revealInExplorer';
import type { ExplorerNode } from '../kit/tree/explorerNode';
import type { ExplorerProvider } from './explorerProvider';
import { CollectionNode } from './nodes/collectionNode';
import { DatabaseNode } from './nodes/databaseNode';
import { DatabasesNode } from './nodes/databasesNode';
import { DocumentNode } from './nodes/documentNode';
import { IndexNode } from './nodes/indexNode';

/** The tree view and the tree it shows, which Reveal in Explorer walks. */
export interface ExplorerView {
  readonly provider: ExplorerProvider;
  readonly view: vscode.TreeView<ExplorerNode>;
}

/** Reveal in Explorer: selects the target's item in the DB Host view, when found. */
export async function revealInExplorer(
  services: Services,
  { provider, view }: ExplorerView,
  target: ResourceTarget,
  options: RevealOptions = {},
): Promise<void> {
  if (options.onlyIfVisible && !view.visible) return;
  try {
    const node = await findNode(provider, target);
    if (node) await view.reveal(node, { select: true, focus: false, expand: false });
  } catch (error) {
    services.logger.warn(`Could not reveal in the DB Host view: ${services.logger.describe(error)}`);
  }
}

/** Walks down the tree as the view would, loading each list on the way (a list just changed reloads here). */
async function findNode(provider: ExplorerProvider, target: ResourceTarget): Promise<ExplorerNode | undefined> {
  const account = provider.accountNode(target.accountId);
  if (!account || target.db === undefined) return account;
  const databases = (await account.children()).find((node) => node instanceof DatabasesNode);
  const database =
    databases && (await provider.getChildren(databases)).find((node) => node instanceof DatabaseNode && node.name === target.db);
  if (!database || target.col === undefined) return database;
  const collection = (await provider.getChildren(database)).find((node) => node instanceof CollectionNode && node.name === target.col);
  if (!(collection instanceof CollectionNode)) return undefined;
  if (target.index !== undefined) {
    return (
      (await provider.getChildren(collection.indexes)).find((node) => node instanceof IndexNode && node.name === target.index) ??
      collection.indexes
    );
  }
  const docId = target.docId;
  if (docId !== undefined) {
    return (
      (await provider.getChildren(collection.documents)).find(
        (node) => node instanceof DocumentNode && node.target.docId !== undefined && sameDocumentId(node.target.docId, docId),
      ) ?? collection.documents
    );
  }
  return collection;
}
