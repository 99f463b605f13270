import * as vscode from 'vscode';
import { displayId } from '../../../core/documents/documentId';
import { documentTooltipText, summarizeDocument } from '../../../core/documents/documentSummary';
import type { ServiceDocument } from '../../../core/api/types';
import { stringifyLossless } from '../../../core/json/lossless';
import type { ResourceTarget } from '../../base/resourceTarget';
import type { ExplorerNode } from '../../kit/tree/explorerNode';
import { childId } from '../../kit/tree/explorerNode';
import { CommandId } from '../../kit/feature/commandIds';
import { ContextValue } from '../../kit/feature/contextValues';
import type { TargetNode } from '../../kit/tree/treeContributions';

/** One document: its `_id` and a few fields; clicking opens it as a file. */
export class DocumentNode implements ExplorerNode {
  readonly id: string;
  /** Has `docId` unless the document came without an `_id`. */
  readonly target: ResourceTarget;

  constructor(
    readonly parent: TargetNode<ResourceTarget & { db: string; col: string }>,
    /** Replaced when the document is saved from its editor. */
    public document: ServiceDocument,
  ) {
    const id = document._id;
    this.id = childId(parent, 'doc', id === undefined ? 'none' : stringifyLossless(id));
    const { accountId, db, col } = parent.target;
    this.target = id === undefined ? { accountId, db, col } : { accountId, db, col, docId: id };
  }

  treeItem(): vscode.TreeItem {
    const id = this.document._id;
    const item = new vscode.TreeItem(id === undefined ? vscode.l10n.t('(no _id)') : displayId(id), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    // Without an _id the service cannot address the document: no Open, Delete or Copy _id.
    item.contextValue = id === undefined ? ContextValue.documentNoId : ContextValue.document;
    item.description = summarizeDocument(this.document);
    item.iconPath = new vscode.ThemeIcon('json');
    item.tooltip = new vscode.MarkdownString();
    if (id === undefined)
      item.tooltip.appendMarkdown(
        vscode.l10n.t(
          'This document came without an `_id`, so it cannot be opened, saved or deleted from here: the service finds documents by `_id`.\n\n',
        ),
      );
    item.tooltip.appendCodeblock(documentTooltipText(this.document), 'json');
    if (this.target.docId !== undefined) {
      item.command = { command: CommandId.openDocument, title: vscode.l10n.t('Open Document'), arguments: [this.target] };
    }
    return item;
  }
}
