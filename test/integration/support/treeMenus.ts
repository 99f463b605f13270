import type * as vscode from 'vscode';

interface MenuEntry {
  command: string;
  when?: string;
}

/** Whether a `view/item/context` clause of the forms the package uses (`viewItem == x`, `viewItem =~ /re/`) holds for an item. */
function shownFor(when: string, contextValue: string): boolean {
  const equals = /viewItem == ([\w.]+)/.exec(when);
  if (equals) return equals[1] === contextValue;
  const pattern = /viewItem =~ \/(.+?)\/(?:\s|$)/.exec(when);
  if (pattern) return new RegExp(pattern[1]).test(contextValue);
  return !when.includes('viewItem');
}

/** The commands the extension's package puts in the context menu (inline or not) of a tree item with this context value. */
export function treeMenuCommands(extension: vscode.Extension<unknown>, contextValue: string): Set<string> {
  const menus = (extension.packageJSON as { contributes: { menus: Record<string, MenuEntry[]> } }).contributes.menus['view/item/context'];
  return new Set(menus.filter((entry) => shownFor(entry.when ?? '', contextValue)).map((entry) => entry.command));
}
