import * as vscode from 'vscode';
import { isServiceError } from '../../core/api/serviceError';
import { displayId } from '../../core/documents/documentId';
import { jsonEqual } from '../../core/json/jsonEqual';
import type { JsonObject, JsonValue } from '../../core/json/lossless';
import { isJsonObject, stringifyLossless } from '../../core/json/lossless';
import { KIND_LABELS, parseCellInput } from '../../core/table/cellValue';
import type { EditableKind } from '../../core/table/cellValue';
import type { FieldPath } from '../../core/table/columns';
import { valueAt } from '../../core/table/columns';
import type { ReviewItem } from '../../core/table/protocol';
import type { RowChange } from '../../core/table/rowChange';
import { checkRowChange, reviewItemOf } from '../../core/table/rowChange';
import type { CellEdit } from '../../core/table/stagedEdits';
import { StagedEdits, documentChange, documentKey } from '../../core/table/stagedEdits';
import type { ViewState } from '../../core/table/viewState';
import { pageQuery } from '../../core/table/viewState';
import { pipelineViewStages } from '../../core/table/pipelineView';
import type { Services } from '../services';

/** The collection a view shows. Only the account's id: its key stays in secret storage. */
export interface CollectionSource {
  accountId: string;
  db: string;
  col: string;
  /** A pipeline that only reads: the view shows its results, which are not the collection's documents and are not edited. */
  pipeline?: JsonObject[];
}

/** What the user chose for a document changed on the service since it was loaded. */
export type ConflictChoice = 'compare' | 'overwrite' | 'discard' | 'keep';

export interface SaveOutcome {
  saved: string[];
  /** Documents changed on the service whose edits stay staged (Compare or no choice). */
  kept: string[];
  discarded: string[];
  failures: { key: string; message: string }[];
}

/** A document with staged edits that changed on the service since it was loaded. */
export interface StagedConflict {
  key: string;
  label: string;
  loaded: JsonObject;
  current: JsonObject;
  /** The loaded version with the staged edits applied. */
  edited: JsonObject;
}

export interface SaveHooks {
  /** Asks what to do about one document changed on the service since it was loaded. */
  resolveConflict(conflict: StagedConflict): Promise<ConflictChoice>;
}

/**
 * One collection view's data: the shown page, fetched alone, and the edits staged on it. The documents
 * staged edits started from are kept until saved or discarded, also when they leave the page: a save
 * diffs against them and checks them against what the service holds now.
 */
export class TableSession {
  documents: JsonObject[] = [];
  total: number | undefined;
  error: string | undefined;
  readonly staged = new StagedEdits();
  /** Changes to many rows at once, each saved as one bulk update after the cell edits, in the order staged. */
  readonly rowChanges: RowChange[] = [];
  private readonly originals = new Map<string, JsonObject>();

  constructor(
    private readonly services: Services,
    readonly source: CollectionSource,
    public state: ViewState,
  ) {}

  /** GETs the shown page (only that page) with the view's filter, sort and projection; of a pipeline's results, runs it for that page. */
  async load(): Promise<void> {
    const { pipeline, db, col } = this.source;
    const { error, ...query } = pageQuery(this.state);
    const asked = pipeline ? pipelineViewStages(pipeline, this.state, true) : undefined;
    if (error ?? asked?.error) {
      this.error = error ?? asked?.error;
      return;
    }
    try {
      const client = await this.services.accounts.clientFor(this.source.accountId);
      const page = asked?.stages
        ? await client.aggregate(db, col, asked.stages, { limit: asked.limit })
        : await client.listDocuments(db, col, query);
      this.documents = page.documents.filter(isJsonObject);
      this.total = page.total;
      this.error = undefined;
    } catch (failure) {
      this.error = failure instanceof Error ? failure.message : String(failure);
    }
  }

  /** The loaded version of a document: the one its staged edits started from, else the one on the page. */
  original(key: string): JsonObject | undefined {
    return this.originals.get(key) ?? this.documents.find((document) => documentKey(document) === key);
  }

  /** Stages a typed value for a cell; returns why it cannot be staged, if it cannot. */
  stageEdit(key: string, path: FieldPath, kind: EditableKind, text: string): string | undefined {
    const parsed = parseCellInput(kind, text);
    if (parsed.error !== undefined) return parsed.error;
    return this.stage(key, { path, value: parsed.value });
  }

  removeField(key: string, path: FieldPath): string | undefined {
    return this.stage(key, { path });
  }

  revert(key: string, path?: FieldPath): void {
    this.staged.discard(key, path);
    if (this.staged.editsOf(key).length === 0) this.originals.delete(key);
  }

  discardAll(): void {
    this.staged.discardAll();
    this.originals.clear();
    this.rowChanges.length = 0;
  }

  /** Documents with staged cell edits, and staged changes to many rows: what a save would send. */
  get stagedCount(): number {
    return this.staged.size + this.rowChanges.length;
  }

  /** Puts back changes to many rows kept across a reload; those not well-formed are dropped. */
  restoreRowChanges(kept: unknown): void {
    if (!Array.isArray(kept)) return;
    for (const raw of kept) {
      const change = checkRowChange(raw);
      if (change) this.rowChanges.push(change);
    }
  }

  /** Per document with staged edits: the exact PUT body, the type changes, or why it cannot be saved. */
  review(): ReviewItem[] {
    return [...this.cellReview(), ...this.rowChanges.map((change, index) => reviewItemOf(change, index))];
  }

  private cellReview(): ReviewItem[] {
    return this.staged.documentKeys().map((key) => {
      const original = this.originals.get(key) as JsonObject;
      const change = documentChange(original, this.staged.editsOf(key));
      const label = displayId(original._id);
      const typeChanges = change.typeChanges.map(({ path, from, to }) => `${path}: ${KIND_LABELS[from]} → ${KIND_LABELS[to]}`);
      if (change.error) return { key, label, typeChanges, error: change.error };
      if (!change.update) return { key, label, typeChanges, error: vscode.l10n.t('No change: the edits give back the loaded values.') };
      return { key, label, typeChanges, body: stringifyLossless({ document: change.update, safe: true }, 2) };
    });
  }

  /**
   * Saves each document's staged edits as one field-level PUT (`$set`/`$unset` of the edited fields only,
   * never the whole document), after checking the document is still as loaded.
   */
  async save(hooks: SaveHooks): Promise<SaveOutcome> {
    const outcome: SaveOutcome = { saved: [], kept: [], discarded: [], failures: [] };
    const client = await this.services.accounts.clientFor(this.source.accountId);
    for (const key of this.staged.documentKeys()) {
      const original = this.originals.get(key) as JsonObject;
      const change = documentChange(original, this.staged.editsOf(key));
      const label = displayId(original._id);
      if (change.error) {
        outcome.failures.push({ key, message: `${label}: ${change.error}` });
        continue;
      }
      if (!change.update) {
        this.revert(key);
        continue;
      }
      try {
        const { document: current } = await client.getDocument(this.source.db, this.source.col, original._id);
        if (!this.sameAsLoaded(original, current)) {
          const edited = change.edited ?? original;
          const choice = await hooks.resolveConflict({ key, label, loaded: original, current, edited });
          if (choice === 'discard') {
            this.revert(key);
            outcome.discarded.push(key);
            continue;
          }
          if (choice !== 'overwrite') {
            outcome.kept.push(key);
            continue;
          }
        }
        await client.updateDocument(this.source.db, this.source.col, original._id, change.update as JsonObject, { safe: true });
      } catch (failure) {
        const gone = isServiceError(failure) && failure.status === 404;
        const message = gone
          ? vscode.l10n.t('the document no longer exists on the service; its edits stay staged')
          : failure instanceof Error
            ? failure.message
            : String(failure);
        outcome.failures.push({ key, message: `${label}: ${message}` });
        continue;
      }
      const fields = [...Object.keys(change.update.$set ?? {}), ...Object.keys(change.update.$unset ?? {}).map((path) => `-${path}`)];
      this.services.logger.info(
        `Saved document ${label} in ${this.source.db}/${this.source.col} from the collection view: ${fields.join(', ')}`,
      );
      this.revert(key);
      outcome.saved.push(key);
    }
    if (outcome.saved.length > 0) this.services.changes.fire({ ...this.source }, 'documents');
    return outcome;
  }

  /** The page's documents and their staged edits, for the webview. */
  pageContents(): { documents: JsonObject[]; staged: [string, CellEdit[]][] } {
    return { documents: this.documents, staged: this.staged.toJSON() };
  }

  /** The staged edits as the panel keeps them across a reload. */
  stagedForRestore(): [string, { original: JsonObject; edits: CellEdit[] }][] {
    return this.staged
      .documentKeys()
      .map((key) => [key, { original: this.originals.get(key) as JsonObject, edits: this.staged.editsOf(key) }]);
  }

  /** Puts back staged edits kept across a reload; entries that are not well-formed are skipped. */
  restoreStaged(entries: unknown): void {
    if (!Array.isArray(entries)) return;
    for (const entry of entries) {
      if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') continue;
      const { original, edits } = (entry[1] ?? {}) as { original?: unknown; edits?: unknown };
      if (!isJsonObject(original as JsonValue) || documentKey(original as JsonObject) !== entry[0] || !Array.isArray(edits)) continue;
      for (const edit of edits as CellEdit[]) {
        const pathOk =
          Array.isArray(edit?.path) && edit.path.length > 0 && edit.path.every((key) => typeof key === 'string' && key.length > 0);
        if (!pathOk) continue;
        this.originals.set(entry[0], original as JsonObject);
        this.staged.stage(entry[0], { path: edit.path, ...(edit.value === undefined ? {} : { value: edit.value }) });
      }
    }
  }

  private stage(key: string, edit: CellEdit): string | undefined {
    const original = this.original(key);
    if (!original) return vscode.l10n.t('That document is no longer on the page; refresh the view.');
    if (edit.path[0] === '_id')
      return vscode.l10n.t('The _id field cannot be changed: duplicate the row to store the document under another _id.');
    const change = documentChange(original, [...this.staged.editsOf(key), edit]);
    if (change.error) return change.error;
    this.originals.set(key, original);
    this.staged.stage(key, edit);
    return undefined;
  }

  /** Whether the service still holds the loaded version (compared on the projected fields when the view asks for only some). */
  private sameAsLoaded(loaded: JsonObject, current: JsonObject): boolean {
    if (this.state.fields.length === 0) return jsonEqual(loaded, current);
    return this.state.fields.every((path) => {
      const before = valueAt(loaded, path);
      const after = valueAt(current, path);
      return before === undefined || after === undefined ? before === after : jsonEqual(before, after);
    });
  }
}
