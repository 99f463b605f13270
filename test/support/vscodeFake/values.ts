// The plain values of the `vscode` module's fake: its enums and the classes code builds itself (Uri, TreeItem,
// EventEmitter…). `vscode.ts` re-exports them beside the namespaces (window, workspace…) that keep state.

export enum TreeItemCollapsibleState {
  None = 0,
  Collapsed = 1,
  Expanded = 2,
}

export enum ExtensionMode {
  Production = 1,
  Development = 2,
  Test = 3,
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

export class Disposable {
  static from(...disposables: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => disposables.forEach((disposable) => disposable.dispose()));
  }
  constructor(private readonly onDispose: () => unknown) {}
  dispose(): void {
    this.onDispose();
  }
}

export type Event<T> = (listener: (value: T) => unknown) => Disposable;

export class EventEmitter<T> {
  private listeners = new Set<(value: T) => unknown>();
  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return new Disposable(() => this.listeners.delete(listener));
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

export class Uri {
  private constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly path: string,
    readonly query: string,
    readonly fragment: string,
  ) {}
  static from(parts: { scheme: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(parts.scheme, parts.authority ?? '', parts.path ?? '', parts.query ?? '', parts.fragment ?? '');
  }
  static parse(text: string): Uri {
    const url = new URL(text);
    return Uri.from({
      scheme: url.protocol.slice(0, -1),
      authority: url.host,
      path: decodeURIComponent(url.pathname),
      query: url.search.slice(1),
      fragment: url.hash.slice(1),
    });
  }
  static file(path: string): Uri {
    return Uri.from({ scheme: 'file', path });
  }
  static joinPath(base: Uri, ...segments: string[]): Uri {
    return base.with({ path: [base.path.replace(/\/$/, ''), ...segments].join('/') });
  }
  get fsPath(): string {
    return this.path;
  }
  with(change: { scheme?: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return Uri.from({ ...this.parts(), ...change });
  }
  toString(): string {
    const authority = this.authority ? `//${this.authority}` : this.scheme === 'file' ? '//' : '';
    return `${this.scheme}:${authority}${this.path}${this.query ? `?${this.query}` : ''}${this.fragment ? `#${this.fragment}` : ''}`;
  }
  private parts() {
    return { scheme: this.scheme, authority: this.authority, path: this.path, query: this.query, fragment: this.fragment };
  }
}

export enum ViewColumn {
  Active = -1,
  Beside = -2,
  One = 1,
  Two = 2,
}

export enum CompletionItemKind {
  Module = 8,
  Class = 6,
  Field = 4,
  Operator = 11,
}

export enum ProgressLocation {
  SourceControl = 1,
  Window = 10,
  Notification = 15,
}
