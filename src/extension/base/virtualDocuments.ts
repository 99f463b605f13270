import * as vscode from 'vscode';
import { Disposable } from './disposable';

/** One kind of read-only snapshot: its scheme, and what its document says when opened after its text was let go. */
export interface SnapshotKind {
  readonly scheme: string;
  /** Leads with why the text is gone and says how to get a new one. */
  readonly gone: string;
}

/**
 * The read-only snapshots the extension opens (a bulk preview's two sides, a deployment's log, an operation's
 * details, a loaded document beside the service's): each under an address of its own that names no key, with
 * one lifetime for every kind: its text is kept while its document is open and let go when VS Code closes the
 * document. Reopened after that (say, from the recently closed editors), it says so instead of showing stale text.
 */
export class VirtualDocuments extends Disposable {
  private readonly texts = new Map<string, string>();
  private readonly schemes = new Set<string>();
  private taken = 0;

  constructor() {
    super();
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.texts.delete(document.uri.toString())));
  }

  /** Keeps `text` under a new address of `kind` whose file name is `name`, until its document is closed. */
  keep(kind: SnapshotKind, name: string, text: string): vscode.Uri {
    this.provide(kind);
    const uri = vscode.Uri.from({ scheme: kind.scheme, path: `/${name.replace(/[/\\]/g, '_')}`, query: String(++this.taken) });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  private provide(kind: SnapshotKind): void {
    if (this.schemes.has(kind.scheme)) return;
    this.schemes.add(kind.scheme);
    this.register(
      vscode.workspace.registerTextDocumentContentProvider(kind.scheme, {
        provideTextDocumentContent: (uri) => this.texts.get(uri.toString()) ?? kind.gone,
      }),
    );
  }

  override dispose(): void {
    super.dispose();
    this.texts.clear();
  }
}
