import type * as vscode from 'vscode';
import type { HeldVersionStore as HeldVersions } from '../../core/documents/documentVersions';

const STATE_KEY = 'dbhost.documents.heldVersions';
/** Enough for every document editor a person keeps open; the oldest is dropped first. */
const MAX_REMEMBERED = 50;

interface Remembered {
  /** The document's `dbhost:` URI: it names the account by id, never by key. */
  uri: string;
  /** The document's text as its editor loaded it (or last saved it). */
  text: string;
}

/**
 * The version each document editor holds, kept in the workspace state, so that a save after VS Code
 * reloaded (a dirty editor restored from its backup, or a restarted extension host) still sends only
 * the user's changes. Most recently held first.
 */
export class HeldVersionStore implements HeldVersions {
  constructor(private readonly state: vscode.Memento) {}

  get(uri: string): string | undefined {
    return this.list().find((entry) => entry.uri === uri)?.text;
  }

  remember(uri: string, text: string): void {
    const others = this.list().filter((entry) => entry.uri !== uri);
    this.write([{ uri, text }, ...others].slice(0, MAX_REMEMBERED));
  }

  forget(uri: string): void {
    const list = this.list();
    const kept = list.filter((entry) => entry.uri !== uri);
    if (kept.length !== list.length) this.write(kept);
  }

  private list(): Remembered[] {
    return this.state.get<Remembered[]>(STATE_KEY) ?? [];
  }

  /** The memento answers `get` with the new value at once; writing it to disk finishes in the background. */
  private write(list: Remembered[]): void {
    void this.state.update(STATE_KEY, list);
  }
}
