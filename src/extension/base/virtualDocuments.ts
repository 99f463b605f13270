import * as vscode from 'vscode';
import { Disposable } from './disposable';
import type { HeldKind } from './heldDocuments';
import { HeldDocuments } from './heldDocuments';

/** One kind of read-only snapshot: its scheme, and what its document says when opened after its text was let go. */
export interface SnapshotKind {
  readonly scheme: string;
  /** Leads with why the text is gone and says how to get a new one. */
  readonly gone: string;
}

/** A kind of read-only document computed from its address whenever VS Code reads it (a schema report, a database's details). */
export interface ComputedKind {
  readonly scheme: string;
  /** The document's text now; VS Code cancels `token` when it no longer needs it. */
  text(uri: vscode.Uri, token: vscode.CancellationToken): string | Promise<string>;
}

type TextAt = (uri: vscode.Uri, token: vscode.CancellationToken) => string | Promise<string>;

/**
 * Every read-only document the extension opens goes through here, with one content provider per scheme and one
 * lifetime rule: what a document shows is kept while VS Code holds the document and let go when VS Code closes it;
 * opened after that, it says why its text is gone instead of showing stale text. Three kinds:
 * - snapshots (`keep`: a bulk preview's two sides, a deployment's log, an operation's details, a comparison), each
 *   under an address of its own that names no key;
 * - held documents (`held`: a playground's results, Run All's), whose state the extension holds and replaces;
 * - computed documents (`computed`: schema reports, details), which keep nothing: their text is made from their
 *   address each time VS Code reads it.
 * An open held or computed document reads its text again when its address is `refresh`ed.
 */
export class VirtualDocuments extends Disposable {
  private readonly texts = new Map<string, string>();
  private readonly snapshotSchemes = new Set<string>();
  private readonly providers = new Map<string, vscode.Disposable>();
  private readonly heldKinds = new Map<string, HeldDocuments<unknown>>();
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  /** A held or computed document whose text changed (VS Code reads it again if it is open). */
  readonly onDidChange = this.changed.event;
  private taken = 0;
  private readonly pending = new Set<ReturnType<typeof setTimeout>>();

  constructor() {
    super();
    this.register(vscode.workspace.onDidCloseTextDocument(({ uri }) => this.letGoUnlessReopened(uri)));
  }

  /** Keeps `text` under a new address of `kind` whose file name is `name`, until its document is closed. */
  keep(kind: SnapshotKind, name: string, text: string): vscode.Uri {
    if (!this.snapshotSchemes.has(kind.scheme)) {
      this.provide(kind.scheme, (uri) => this.texts.get(uri.toString()) ?? kind.gone);
      this.snapshotSchemes.add(kind.scheme);
    }
    const uri = vscode.Uri.from({ scheme: kind.scheme, path: `/${name.replace(/[/\\]/g, '_')}`, query: String(++this.taken) });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  /** Serves the documents of `kind`, each computed from its address when read, until the result is disposed. */
  computed(kind: ComputedKind): vscode.Disposable {
    return this.provide(kind.scheme, (uri, token) => kind.text(uri, token));
  }

  /** Serves the documents of `kind`, each showing the state held for it, until the result is disposed. */
  held<State>(kind: HeldKind<State>): HeldDocuments<State> {
    const documents = new HeldDocuments(
      kind,
      (uri) => this.refresh(uri),
      this.changesOf(kind.scheme),
      () => this.stopHolding(kind.scheme),
    );
    this.provide(kind.scheme, (uri) => documents.textAt(uri));
    this.heldKinds.set(kind.scheme, documents as HeldDocuments<unknown>);
    return documents;
  }

  /** Has an open held or computed document read its text again. */
  refresh(uri: vscode.Uri): void {
    this.changed.fire(uri);
  }

  private provide(scheme: string, textAt: TextAt): vscode.Disposable {
    if (this.providers.has(scheme)) throw new Error(`The scheme ${scheme} is served already.`);
    const registration = vscode.workspace.registerTextDocumentContentProvider(scheme, {
      onDidChange: this.changesOf(scheme),
      provideTextDocumentContent: textAt,
    });
    const provided = new vscode.Disposable(() => {
      if (this.providers.get(scheme) !== provided) return;
      this.providers.delete(scheme);
      registration.dispose();
    });
    this.providers.set(scheme, provided);
    return provided;
  }

  /** The changes of `scheme`'s documents alone: VS Code takes a provider's changes of its own scheme only. */
  private changesOf(scheme: string): vscode.Event<vscode.Uri> {
    return (listener, thisArgs?, disposables?) =>
      this.changed.event((uri) => (uri.scheme === scheme ? listener.call(thisArgs, uri) : undefined), undefined, disposables);
  }

  private stopHolding(scheme: string): void {
    this.heldKinds.delete(scheme);
    this.providers.get(scheme)?.dispose();
  }

  /**
   * VS Code closes and opens a document again at once when its language changes (Change Language Mode): what it
   * shows is let go a task later, and only if it was not opened again meanwhile.
   */
  private letGoUnlessReopened(uri: vscode.Uri): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      if (!vscode.workspace.textDocuments.some((document) => document.uri.toString() === uri.toString())) this.letGo(uri);
    }, 0);
    this.pending.add(timer);
  }

  private letGo(uri: vscode.Uri): void {
    this.texts.delete(uri.toString());
    this.heldKinds.get(uri.scheme)?.letGo(uri);
  }

  override dispose(): void {
    super.dispose();
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
    for (const kind of [...this.heldKinds.values()]) kind.dispose();
    for (const provided of [...this.providers.values()]) provided.dispose();
    this.texts.clear();
  }
}
