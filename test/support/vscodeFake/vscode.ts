// A small fake of the `vscode` module, for unit tests of extension code in plain Node. It keeps what the code
// under test did where a test can read it (`fakeWindow`, `fakeCommands`, `fakeWorkspace`), as VS Code would
// show it to a person: the lines of an output channel, the context keys set, the commands registered.
// Install it with `import '<path>/test/support/vscodeFake/install'` before importing the code under test.

import { Disposable, EventEmitter } from './values';
import type { ProgressLocation, ViewColumn, Uri } from './values';

export * from './values';

/** `vscode.l10n`: the English message with its `{0}`… filled in, as VS Code gives it without a translation. */
export const l10n = {
  t(message: string, ...args: unknown[]): string {
    return message.replace(/\{(\d+)\}/g, (match, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : match));
  },
};

/** What the output channels received, by channel name: each line as `<level> <text>`, or the text `append` got. */
const channelLines = new Map<string, string[]>();

class FakeOutputChannel {
  constructor(readonly name: string) {
    channelLines.set(name, channelLines.get(name) ?? []);
  }
  private write(text: string): void {
    channelLines.get(this.name)?.push(text);
  }
  info = (text: string) => this.write(`info ${text}`);
  warn = (text: string) => this.write(`warn ${text}`);
  error = (text: string) => this.write(`error ${text}`);
  debug = (text: string) => this.write(`debug ${text}`);
  trace = (text: string) => this.write(`trace ${text}`);
  appendLine = (text: string) => this.write(text);
  append = (text: string) => this.write(text);
  clear(): void {
    channelLines.set(this.name, []);
  }
  show(): void {}
  hide(): void {}
  dispose(): void {}
}

const activeEditorChanges = new EventEmitter<{ document: FakeTextDocument } | undefined>();

/** The editors shown, latest last: each document with the column it was asked for. */
const shownEditors: { document: FakeTextDocument; viewColumn?: ViewColumn }[] = [];

export const window = {
  onDidChangeActiveTextEditor: activeEditorChanges.event,
  createOutputChannel: (name: string): FakeOutputChannel => new FakeOutputChannel(name),
  /** The fake shows every document in an editor of its own, until its document closes. */
  get visibleTextEditors(): readonly { document: FakeTextDocument; viewColumn?: ViewColumn }[] {
    return shownEditors.filter((editor) => !editor.document.isClosed);
  },
  withProgress: <T>(_options: { location: ProgressLocation; title?: string }, task: () => Promise<T>): Promise<T> => task(),
  showTextDocument(document: FakeTextDocument, options?: { viewColumn?: ViewColumn }): Promise<{ document: FakeTextDocument }> {
    const editor = { document, viewColumn: options?.viewColumn };
    shownEditors.push(editor);
    return Promise.resolve(editor);
  },
};

const contextKeys = new Map<string, unknown>();
const commandHandlers = new Map<string, (...args: unknown[]) => unknown>();

export const commands = {
  registerCommand(id: string, handler: (...args: unknown[]) => unknown): Disposable {
    if (commandHandlers.has(id)) throw new Error(`command '${id}' already exists`);
    commandHandlers.set(id, handler);
    return new Disposable(() => commandHandlers.delete(id));
  },
  async executeCommand<T>(id: string, ...args: unknown[]): Promise<T> {
    if (id === 'setContext') {
      contextKeys.set(String(args[0]), args[1]);
      return undefined as T;
    }
    const handler = commandHandlers.get(id);
    if (!handler) throw new Error(`command '${id}' not found`);
    return handler(...args) as T;
  },
};

const savedDocuments = new EventEmitter<{ uri: Uri }>();
const closedDocuments = new EventEmitter<{ uri: Address }>();
/** A document's address as the code under test holds it: its own `vscode.Uri` type, the fake's at run time. */
type Address = { readonly scheme: string; toString(): string };
type ContentProvider = {
  onDidChange?: (listener: (uri: Address) => unknown) => { dispose(): unknown };
  provideTextDocumentContent(uri: Address, token: CancellationToken): string | Promise<string>;
};
const contentProviders = new Map<string, ContentProvider>();

/** A token nothing cancels. */
type CancellationToken = { readonly isCancellationRequested: boolean; onCancellationRequested(listener: () => unknown): Disposable };
const notCancelled: CancellationToken = { isCancellationRequested: false, onCancellationRequested: () => new Disposable(() => undefined) };

/** A text document VS Code holds: its text is its provider's, read when it opens and again when the provider reports it changed. */
class FakeTextDocument {
  isClosed = false;
  constructor(
    readonly uri: Address,
    private text: string,
  ) {}
  getText(): string {
    return this.text;
  }
  /** The provider gave new text (the fake itself calls this). */
  changeTo(text: string): void {
    this.text = text;
  }
}

/** The open text documents of a content provider's schemes, by address. */
const openDocuments = new Map<string, FakeTextDocument>();
const changedDocuments = new EventEmitter<{ document: FakeTextDocument }>();
const openedDocuments = new EventEmitter<FakeTextDocument>();

async function readAgain(uri: Address): Promise<void> {
  const document = openDocuments.get(uri.toString());
  const provider = contentProviders.get(uri.scheme);
  if (!document || !provider) return;
  const text = await provider.provideTextDocumentContent(uri, notCancelled);
  if (document.isClosed || text === document.getText()) return;
  document.changeTo(text);
  changedDocuments.fire({ document });
}
const fileSystemProviders = new Map<string, unknown>();
const willSaveDocuments = new EventEmitter<{ document: FakeTextDocument }>();
const configurationChanges = new EventEmitter<{ affectsConfiguration(section: string): boolean }>();
const settings = new Map<string, unknown>();

export const workspace = {
  onDidSaveTextDocument: savedDocuments.event,
  onWillSaveTextDocument: willSaveDocuments.event,
  onDidCloseTextDocument: closedDocuments.event,
  onDidOpenTextDocument: openedDocuments.event,
  onDidChangeTextDocument: changedDocuments.event,
  get textDocuments(): FakeTextDocument[] {
    return [...openDocuments.values()];
  },
  registerTextDocumentContentProvider(scheme: string, provider: ContentProvider): Disposable {
    if (contentProviders.has(scheme)) throw new Error(`a content provider for '${scheme}' is already registered`);
    contentProviders.set(scheme, provider);
    // As VS Code does, it takes changes of its own scheme only, and reads an open document of it again.
    const changes = provider.onDidChange?.((uri) => (uri.scheme === scheme ? void readAgain(uri) : undefined));
    return new Disposable(() => {
      changes?.dispose();
      contentProviders.delete(scheme);
    });
  },
  /** A document of a registered scheme, as VS Code opens it: the open one, or one with the text its provider gives now. */
  async openTextDocument(uri: Address): Promise<FakeTextDocument> {
    const open = openDocuments.get(uri.toString());
    if (open) return open;
    const provider = contentProviders.get(uri.scheme);
    if (!provider) throw new Error(`cannot open ${uri.toString()}: no provider for its scheme`);
    const document = new FakeTextDocument(uri, await provider.provideTextDocumentContent(uri, notCancelled));
    const opened = openDocuments.get(uri.toString());
    if (opened) return opened;
    openDocuments.set(uri.toString(), document);
    openedDocuments.fire(document);
    return document;
  },
  /** As VS Code does, a scheme this extension host already serves is refused. */
  registerFileSystemProvider(scheme: string, provider: unknown): Disposable {
    if (fileSystemProviders.has(scheme)) throw new Error(`a provider for the scheme '${scheme}' is already registered`);
    fileSystemProviders.set(scheme, provider);
    return new Disposable(() => fileSystemProviders.delete(scheme));
  },
  onDidChangeConfiguration: configurationChanges.event,
  getConfiguration: (section: string) => ({
    get: <T>(name: string, fallback?: T): T | undefined =>
      settings.has(`${section}.${name}`) ? (settings.get(`${section}.${name}`) as T) : fallback,
  }),
};

/** The problems each document was last given, by the collection's name and the document's address. */
const diagnostics = new Map<string, Map<string, unknown[]>>();
/** The language features registered and not disposed, each as `<kind> for <scheme>`. */
const languageProviders = new Set<{ readonly name: string }>();

function languageProvider(kind: string, selector: { scheme?: string }): Disposable {
  const entry = { name: `${kind} for ${selector.scheme ?? '*'}` };
  languageProviders.add(entry);
  return new Disposable(() => languageProviders.delete(entry));
}

export const languages = {
  registerCodeLensProvider: (selector: { scheme?: string }) => languageProvider('code lenses', selector),
  registerCompletionItemProvider: (selector: { scheme?: string }) => languageProvider('completion', selector),
  createDiagnosticCollection(name: string) {
    const byDocument = new Map<string, unknown[]>();
    diagnostics.set(name, byDocument);
    return {
      set: (uri: Address, problems: unknown[]) => void byDocument.set(uri.toString(), problems),
      delete: (uri: Address) => void byDocument.delete(uri.toString()),
      clear: () => byDocument.clear(),
      dispose: () => diagnostics.delete(name),
    };
  },
};

/** What a test reads of the window and drives in it, as a person would see and do it. */
export const fakeWindow = {
  /** The lines an output channel received, or undefined when no channel of that name was made. */
  channelLines: (name: string): readonly string[] | undefined => channelLines.get(name),
};

export const fakeLanguages = {
  /** What the editor still asks the extension for: its lenses and completion by scheme, and its problem collections. */
  registered: (): string[] => [
    ...[...languageProviders].map((entry) => entry.name),
    ...[...diagnostics.keys()].map((name) => `problems ${name}`),
  ],
};

export const fakeCommands = {
  /** The value a context key was last set to with `setContext`. */
  contextKey: (key: string): unknown => contextKeys.get(key),
  registered: (): string[] => [...commandHandlers.keys()],
};

export const fakeWorkspace = {
  /** A person saved the text document at `uri`. */
  save: (uri: Uri): void => savedDocuments.fire({ uri }),
  /** VS Code let go of the text document at `uri` (its editors closed); resolves once the task after that ran. */
  close: async (uri: Address): Promise<void> => {
    const document = openDocuments.get(uri.toString());
    if (document) document.isClosed = true;
    openDocuments.delete(uri.toString());
    closedDocuments.fire({ uri: document?.uri ?? uri });
    await new Promise((resolve) => setTimeout(resolve, 0));
  },
  /** VS Code closes the document at `uri` and opens it again at once, as when its language is changed. */
  changeLanguage: async (uri: Address): Promise<void> => {
    const document = openDocuments.get(uri.toString());
    if (!document) throw new Error(`${uri.toString()} is not open`);
    closedDocuments.fire({ uri: document.uri });
    await new Promise((resolve) => setTimeout(resolve, 0));
  },
};

/** Forgets what every earlier test did: channels, context keys, commands, settings. */
export function resetFake(): void {
  channelLines.clear();
  contextKeys.clear();
  commandHandlers.clear();
  settings.clear();
  contentProviders.clear();
  fileSystemProviders.clear();
  languageProviders.clear();
  diagnostics.clear();
  openDocuments.clear();
  shownEditors.length = 0;
}
