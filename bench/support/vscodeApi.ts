// The part of the `vscode` module that the explorer's document nodes touch, as plain data classes, so that
// the real DocumentsNode can be driven and measured in plain Node. Nothing here draws or registers anything.

export enum TreeItemCollapsibleState {
  None = 0,
  Collapsed = 1,
  Expanded = 2,
}

export class ThemeColor {
  constructor(readonly id: string) {}
}

export class ThemeIcon {
  constructor(
    readonly id: string,
    readonly color?: ThemeColor,
  ) {}
}

export class MarkdownString {
  value = '';
  constructor(value = '') {
    this.value = value;
  }
  appendText(text: string): this {
    this.value += text;
    return this;
  }
  appendMarkdown(text: string): this {
    this.value += text;
    return this;
  }
  appendCodeblock(code: string, language = ''): this {
    this.value += `\n\`\`\`${language}\n${code}\n\`\`\`\n`;
    return this;
  }
}

export class TreeItem {
  id?: string;
  description?: string;
  tooltip?: string | MarkdownString;
  contextValue?: string;
  iconPath?: ThemeIcon;
  command?: { command: string; title: string; arguments?: unknown[] };
  constructor(
    readonly label: string,
    readonly collapsibleState: TreeItemCollapsibleState = TreeItemCollapsibleState.None,
  ) {}
}

export class CancellationError extends Error {}

/** `vscode.l10n`: the English message with its `{0}`… filled in, as VS Code gives it without a translation. */
export const l10n = {
  t(message: string, ...args: unknown[]): string {
    return message.replace(/\{(\d+)\}/g, (match, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : match));
  },
};
