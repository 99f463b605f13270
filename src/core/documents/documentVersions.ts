import { utf8Length } from '../text/utf8';
import type { JsonObject } from '../json/lossless';
import { parseDocumentText } from './documentText';

/** Where the held versions outlive the extension host (the workspace state, in the extension). */
export interface HeldVersionStore {
  get(key: string): string | undefined;
  remember(key: string, text: string): void;
  forget(key: string): void;
}

/** A version of a document as text and parsed. */
export interface DocumentVersion {
  text: string;
  document: JsonObject;
}

/** What `stat` reports for a document. */
export interface VersionStamp {
  mtime: number;
  size: number;
}

interface Entry {
  /** The version the editor holds as saved: what the next save is compared with. */
  held?: DocumentVersion;
  /** The last version seen on the service and the mtime it was given. */
  seen?: { text: string; mtime: number };
  /** What the `stat` VS Code makes right after a write must report: the version the editor now holds. */
  afterWrite?: VersionStamp;
  /** The size the last `stat` reported for each text: the editor's stamp holds the one of the text it loaded. */
  lastStamp?: { text: string; size: number };
  /** The size in the stamp of the version the editor holds. */
  heldSize?: number;
}

const byteLength = utf8Length;

/**
 * The mtimes behind VS Code's "the content of the file is newer" check, per document URI.
 *
 * Before a save VS Code compares a fresh `stat` with the stat of the version the editor loaded and
 * refuses the save (offering Compare / Overwrite) only when the mtime advanced AND the size differs
 * (fileService.validateWriteFile). So a new mtime is given whenever the service's text changes, and
 * the size of a service version that differs from the held one is kept different from the held one's
 * even when the byte counts happen to match.
 *
 * The held versions are also kept in `persisted`, so they outlive the extension host: after a reload the
 * held version of a restored editor is taken from there.
 */
export class DocumentVersions {
  private readonly entries = new Map<string, Entry>();
  private lastMtime = 0;

  constructor(private readonly persisted: HeldVersionStore) {}

  /** A version fetched from the service: its stamp (a newer mtime if the text changed since last seen). */
  observe(key: string, text: string): VersionStamp {
    const entry = this.entry(key);
    if (entry.seen?.text !== text) entry.seen = { text, mtime: this.nextMtime() };
    let size = byteLength(text);
    if (entry.held && entry.held.text !== text && byteLength(entry.held.text) === size) size += 1;
    entry.lastStamp = { text, size };
    return { mtime: entry.seen.mtime, size };
  }

  /**
   * A stamp with the newer `mtime` but the size of the version the editor holds, so VS Code lets the save
   * through: for a service version whose changes the save keeps (see `compareChanges`).
   */
  stampKeepingHeld(key: string, mtime: number): VersionStamp | undefined {
    const entry = this.entries.get(key);
    if (!entry?.held) return undefined;
    return { mtime, size: entry.heldSize ?? byteLength(entry.held.text) };
  }

  /** The editor loaded this version: later saves are compared with it. */
  hold(key: string, version: DocumentVersion): void {
    const entry = this.entry(key);
    entry.held = version;
    entry.heldSize = entry.lastStamp?.text === version.text ? entry.lastStamp.size : byteLength(version.text);
    this.persisted.remember(key, version.text);
  }

  /** The version the editor holds; undefined when neither this extension host nor the workspace state knows it. */
  held(key: string): DocumentVersion | undefined {
    return this.entry(key).held;
  }

  /** The last text seen on the service, if any. */
  seenText(key: string): string | undefined {
    return this.entries.get(key)?.seen?.text;
  }

  /**
   * A save went through: the editor holds what it wrote, the service holds `storedText`. Returns true
   * when they differ, i.e. the editor should reload to show what the service holds.
   */
  saved(key: string, written: DocumentVersion, storedText: string): boolean {
    const entry = this.entry(key);
    entry.held = written;
    this.persisted.remember(key, written.text);
    const writtenMtime = this.nextMtime();
    entry.afterWrite = { mtime: writtenMtime, size: byteLength(written.text) };
    entry.heldSize = entry.afterWrite.size;
    const differs = storedText !== written.text;
    entry.seen = { text: storedText, mtime: differs ? this.nextMtime() : writtenMtime };
    return differs;
  }

  /** The stamp for the `stat` that directly follows a write, once. */
  takeStampAfterWrite(key: string): VersionStamp | undefined {
    const entry = this.entries.get(key);
    const stamp = entry?.afterWrite;
    if (entry) entry.afterWrite = undefined;
    return stamp;
  }

  /** The document closed or is gone: nothing about it is kept, here or in the workspace state. */
  forget(key: string): void {
    this.entries.delete(key);
    this.persisted.forget(key);
  }

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { held: this.restoreHeld(key) };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private restoreHeld(key: string): DocumentVersion | undefined {
    const text = this.persisted.get(key);
    if (text === undefined) return undefined;
    try {
      return { text, document: parseDocumentText(text) };
    } catch {
      return undefined;
    }
  }

  private nextMtime(): number {
    this.lastMtime = Math.max(Date.now(), this.lastMtime + 1);
    return this.lastMtime;
  }
}
