import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import { treeViewOf } from '../support/registrations';
import { waitFor } from '../support/waitFor';

/** The DB Host view the product made, and the data provider VS Code asks for its items. */
export function explorerTree(): { view: vscode.TreeView<ExplorerNode>; provider: vscode.TreeDataProvider<ExplorerNode> } {
  const { view, provider } = treeViewOf('dbhost.explorer');
  return { view: view as vscode.TreeView<ExplorerNode>, provider: provider as vscode.TreeDataProvider<ExplorerNode> };
}

export function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

/** The item VS Code draws for `node`. */
export async function treeItemOf(node: ExplorerNode): Promise<vscode.TreeItem> {
  return explorerTree().provider.getTreeItem(node);
}

/** The children VS Code shows below `node` (the accounts without one). */
export async function childrenOf(node?: ExplorerNode): Promise<ExplorerNode[]> {
  return (await explorerTree().provider.getChildren(node)) ?? [];
}

export async function childLabels(node?: ExplorerNode): Promise<string[]> {
  const children = await childrenOf(node);
  return Promise.all(children.map(async (child) => labelOf(await treeItemOf(child))));
}

/** The child whose label is `label` (or matches it), failing with the labels there are. */
export async function child(node: ExplorerNode | undefined, label: string | RegExp): Promise<ExplorerNode> {
  const children = await childrenOf(node);
  const labels = await Promise.all(children.map(async (candidate) => labelOf(await treeItemOf(candidate))));
  const found = children.find((_, index) => (typeof label === 'string' ? labels[index] === label : label.test(labels[index] ?? '')));
  assert.ok(found, `no item ${String(label)} among ${labels.join(' | ')}`);
  return found;
}

/** The account's item at the top of the tree, if the tree shows the account. */
export async function accountNode(accountId: string): Promise<ExplorerNode | undefined> {
  return (await childrenOf()).find((node) => node.target?.accountId === accountId);
}

/** Walks down from the account's node along the labels given. */
export async function nodeAt(accountId: string, ...labels: (string | RegExp)[]): Promise<ExplorerNode> {
  let node = await accountNode(accountId);
  assert.ok(node, `no tree item for the account ${accountId}`);
  for (const label of labels) node = await child(node, label);
  return node;
}

/** Loads `node`'s list again (or the whole tree), as its Refresh button does. */
export async function refreshNode(node?: ExplorerNode): Promise<void> {
  await vscode.commands.executeCommand(node ? 'dbhost.refreshNode' : 'dbhost.refresh', node);
}

/** Resolves once `check` holds, looking again each time the tree says it changed. */
export async function whenTree(check: () => Promise<boolean>): Promise<void> {
  const changed = explorerTree().provider.onDidChangeTreeData;
  assert.ok(changed, 'the DB Host tree never says it changed');
  await waitFor(check, { event: changed, what: 'the tree change' });
}

/** The nodes the DB Host tree tells VS Code to draw again (`undefined`: the whole tree), from now until disposed. */
export function recordTreeRedraws(): { readonly redrawn: Array<ExplorerNode | undefined>; dispose(): void } {
  const changed = explorerTree().provider.onDidChangeTreeData;
  assert.ok(changed, 'the DB Host tree never says it changed');
  const redrawn: Array<ExplorerNode | undefined> = [];
  const subscription = changed((nodes) => redrawn.push(...(Array.isArray(nodes) ? nodes : [nodes ?? undefined])));
  return { redrawn, dispose: () => subscription.dispose() };
}

/** Whether `node` is the tree's list of the documents or indexes of `db`.`col`. */
export function isListOf(node: ExplorerNode | undefined, list: 'documents' | 'indexes', db: string, col: string): boolean {
  return node?.treeItem().contextValue === `dbhost.${list}` && node.target?.db === db && node.target?.col === col;
}
