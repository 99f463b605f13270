import * as vscode from 'vscode';
import { fieldList } from '../../core/documents/concurrentChanges';
import { idKeyText } from '../../core/documents/documentId';
import type { DocumentVersion } from '../../core/documents/documentVersions';
import { collectionLabel, parseDocumentUri } from '../kit/targets/documentUri';
import { openDocument } from './documentFiles';
import type { MergeViews } from './mergeViews';
import type { HeldVersionOf } from './saveCheck';
import type { SaveConflict } from './saveConflict';
import { conflictWith } from './saveConflict';

/**
 * Every save that meets a change made on the service to a field the user changed too offers Merge…: Ctrl+S asks
 * before saving, and VS Code's own saves (File > Save, Save All, auto-save) ask when the file system is asked for
 * the document's version while saving. The answer decides the save: Compare or Overwrite… lets VS Code's own
 * "file is newer" choice decide it; Merge… or Escape refuse the write, the edit kept dirty in its editor. VS Code
 * auto-saves a document whose save failed no more until it is saved otherwise, so auto-save asks once.
 */
export class SaveConflictGate {
  /** One question at a time: Save All saves several documents at once. */
  private asking: Promise<unknown> = Promise.resolve();
  private readonly pending = new Map<string, Promise<string | undefined>>();
  /** Per document, the service's version for which the user chose VS Code's own choice: its saves go on to it. */
  private readonly vscodeDecides = new Map<string, string>();

  constructor(
    private readonly views: MergeViews,
    private readonly heldOf: HeldVersionOf,
  ) {}

  /** Ctrl+S met a same-field change: Merge… (opens the view) or VS Code's own choice; 'waiting': not saved, the edit kept. */
  async offer(uri: vscode.Uri, conflict: SaveConflict): Promise<'vscode' | 'waiting'> {
    const choice = await this.views.offer(uri, conflict);
    if (choice === 'vscode') this.vscodeDecides.set(uri.toString(), conflict.current.text);
    return choice;
  }

  /**
   * VS Code saves the document and the service holds `service`: undefined lets the save go on as before (nothing
   * both sides changed, or the user chose VS Code's own choice); otherwise why the write is refused, its edit kept.
   */
  async atSave(uri: vscode.Uri, service: DocumentVersion): Promise<string | undefined> {
    const key = uri.toString();
    const editor = openDocument(uri);
    if (!editor || this.vscodeDecides.get(key) === service.text) return undefined;
    const conflict = conflictWith(this.heldOf(uri), editor.getText(), service);
    if (!conflict) return undefined;
    if (this.views.of(uri)) return beingMergedMessage(uri);
    let asked = this.pending.get(key);
    if (!asked) {
      asked = this.ask(uri, conflict).finally(() => this.pending.delete(key));
      this.pending.set(key, asked);
    }
    return asked;
  }

  private async ask(uri: vscode.Uri, conflict: SaveConflict): Promise<string | undefined> {
    const turn = this.asking.then(() => this.offer(uri, conflict));
    this.asking = turn.catch(() => undefined);
    if ((await turn) === 'vscode') return undefined;
    if (this.views.of(uri)) return mergeOpenedMessage(uri, conflict);
    return notSavedMessage(uri, conflict);
  }
}

function placeOf(uri: vscode.Uri): string {
  const address = parseDocumentUri(uri);
  return `${collectionLabel(address)} ${idKeyText(address.docId)}`;
}

function notSavedMessage(uri: vscode.Uri, conflict: SaveConflict): string {
  return vscode.l10n.t(
    'Not saved: {0} changed on the service since you opened it, in fields you changed too: {1}. Your edit stays in the editor; save again to choose Merge… or Compare or Overwrite….',
    placeOf(uri),
    fieldList(conflict.overlapping),
  );
}

function mergeOpenedMessage(uri: vscode.Uri, conflict: SaveConflict): string {
  return vscode.l10n.t(
    'Not saved yet: {0} changed on the service in fields you changed too ({1}), and you chose Merge…. Save Merge in the merge view saves the result; until then your edit stays in the editor.',
    placeOf(uri),
    fieldList(conflict.overlapping),
  );
}

function beingMergedMessage(uri: vscode.Uri): string {
  return vscode.l10n.t(
    'Not saved: {0} is open in a merge view, because it changed on the service in fields you changed too. Save Merge there saves the result; your edit stays in the editor.',
    placeOf(uri),
  );
}
