import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { ExplorerNode } from '../../../src/extension/kit/tree/explorerNode';
import type { TestApi } from '../../../src/extension/extension';
import { activateExtension } from '../support/extensionUnderTest';
import { waitFor } from '../support/waitFor';

/** The TestApi of the activated product extension (see {@link activateExtension}). */
export async function productApi(): Promise<TestApi> {
  return (await activateExtension()).testing;
}

export function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

export async function childrenOf(testing: TestApi, node?: ExplorerNode): Promise<ExplorerNode[]> {
  return testing.explorer.getChildren(node);
}

export async function childLabels(testing: TestApi, node?: ExplorerNode): Promise<string[]> {
  return (await childrenOf(testing, node)).map((child) => labelOf(child.treeItem()));
}

/** The child whose label is `label` (or matches it), failing with the labels there are. */
export async function child(testing: TestApi, node: ExplorerNode | undefined, label: string | RegExp): Promise<ExplorerNode> {
  const children = await childrenOf(testing, node);
  const found = children.find((candidate) => {
    const text = labelOf(candidate.treeItem());
    return typeof label === 'string' ? text === label : label.test(text);
  });
  assert.ok(found, `no item ${String(label)} among ${children.map((c) => labelOf(c.treeItem())).join(' | ')}`);
  return found;
}

/** Walks down from the account's node along the labels given. */
export async function nodeAt(testing: TestApi, accountId: string, ...labels: (string | RegExp)[]): Promise<ExplorerNode> {
  let node: ExplorerNode | undefined = testing.explorer.accountNode(accountId);
  assert.ok(node, `no tree item for the account ${accountId}`);
  for (const label of labels) node = await child(testing, node, label);
  return node;
}

/** Resolves once `check` holds, looking again each time the tree says it changed. */
export async function whenTree(testing: TestApi, check: () => Promise<boolean>): Promise<void> {
  await waitFor(check, { event: testing.explorer.onDidChangeTreeData, what: 'the tree change' });
}
