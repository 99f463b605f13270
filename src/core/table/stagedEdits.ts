import type { DocumentUpdate } from '../documents/updateDiff';
import { diffToUpdate } from '../documents/updateDiff';
import { jsonEqual } from '../json/jsonEqual';
import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject, parseLossless, stringifyLossless } from '../json/lossless';
import type { CellKind } from './cellValue';
import { KIND_LABELS, isScalarWrapper, kindOf } from './cellValue';
import type { FieldPath } from './columns';
import { columnId, columnLabel, valueAt } from './columns';

/** One staged cell edit: a new value for a field, or (value undefined) the field removed. */
export interface CellEdit {
  path: FieldPath;
  value?: JsonValue;
}

export interface TypeChange {
  path: string;
  from: CellKind;
  to: CellKind;
}

/** What saving a document's staged edits would send, or why it cannot be saved. */
export interface DocumentChange {
  /** Undefined when the edits change nothing (or cannot be saved). */
  update?: DocumentUpdate;
  typeChanges: TypeChange[];
  /** The document as it will be after the update. */
  edited?: JsonObject;
  error?: string;
}

/** The key a document's staged edits are kept under: its `_id` as exact JSON. */
export const documentKey = (document: JsonObject): string => stringifyLossless(document._id);

const KIND_ARTICLES = Object.fromEntries(
  Object.entries(KIND_LABELS).map(([kind, label]) => [kind, /^[aeiou]/.test(label) ? `an ${label}` : `a ${label}`]),
) as Record<CellKind, string>;

const copyOf = <T extends JsonValue>(value: T): T => parseLossless(stringifyLossless(value)) as T;

function define(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The embedded document that holds the field at `path`, if there is one: removing a field that is not there changes nothing. */
function existingParent(document: JsonObject, path: FieldPath): JsonObject | undefined {
  const parent = valueAt(document, path.slice(0, -1));
  return parent !== undefined && isJsonObject(parent) && !isScalarWrapper(parent) ? parent : undefined;
}

/** The embedded document to set the field at `path` in, created where missing; a message when a step holds another value. */
function parentFor(document: JsonObject, path: FieldPath): JsonObject | string {
  let parent = document;
  for (let depth = 0; depth < path.length - 1; depth++) {
    const key = path[depth];
    if (!Object.hasOwn(parent, key)) define(parent, key, {});
    const next = parent[key];
    if (!isJsonObject(next) || isScalarWrapper(next)) {
      return `${columnLabel(path.slice(0, depth + 1))} holds ${KIND_ARTICLES[kindOf(next)]}, not an embedded document, so ${columnLabel(path)} cannot be set`;
    }
    parent = next;
  }
  return parent;
}

/** Applies edits in order to a copy of `original`; intermediate embedded documents are created as needed. */
export function applyEdits(
  original: JsonObject,
  edits: readonly CellEdit[],
): { document: JsonObject; error?: undefined } | { document?: undefined; error: string } {
  const document = copyOf(original);
  for (const edit of edits) {
    const parent = edit.value === undefined ? existingParent(document, edit.path) : parentFor(document, edit.path);
    if (typeof parent === 'string') return { error: parent };
    const last = edit.path[edit.path.length - 1];
    if (!parent) continue;
    if (edit.value === undefined) delete parent[last];
    else define(parent, last, copyOf(edit.value));
  }
  return { document };
}

/** The exact `$set`/`$unset` that turns `original` into it with `edits` applied, and every type the edits change. */
export function documentChange(original: JsonObject, edits: readonly CellEdit[]): DocumentChange {
  const idEdit = edits.find((edit) => edit.path[0] === '_id');
  if (idEdit)
    return { typeChanges: [], error: 'The _id field cannot be changed: duplicate the row to store the document under another _id.' };
  const applied = applyEdits(original, edits);
  if (applied.error !== undefined) return { typeChanges: [], error: applied.error };
  const { update, error } = diffToUpdate(original, applied.document);
  if (error) return { typeChanges: [], error };
  const typeChanges: TypeChange[] = [];
  const reported = new Set<string>();
  for (const edit of edits) {
    const from = kindOf(valueAt(original, edit.path));
    const to = kindOf(valueAt(applied.document, edit.path));
    const id = columnId(edit.path);
    if (from !== to && from !== 'missing' && to !== 'missing' && !reported.has(id)) {
      reported.add(id);
      typeChanges.push({ path: columnLabel(edit.path), from, to });
    }
  }
  return { update, typeChanges, edited: applied.document };
}

/** Whether the cell at `path` differs from the loaded document once the edits are applied. */
export function isCellChanged(original: JsonObject, edited: JsonObject, path: FieldPath): boolean {
  const before = valueAt(original, path);
  const after = valueAt(edited, path);
  if (before === undefined || after === undefined) return before !== after;
  return !jsonEqual(before, after);
}

/**
 * Edits staged per document, in the order made; a later edit of the same field replaces the earlier.
 * Nothing here talks to the service: {@link documentChange} turns a document's edits into its update.
 */
export class StagedEdits {
  private readonly byDocument = new Map<string, Map<string, CellEdit>>();

  stage(documentKeyText: string, edit: CellEdit): void {
    let edits = this.byDocument.get(documentKeyText);
    if (!edits) this.byDocument.set(documentKeyText, (edits = new Map()));
    const id = columnId(edit.path);
    edits.delete(id);
    edits.set(id, { path: [...edit.path], ...(edit.value === undefined ? {} : { value: copyOf(edit.value) }) });
  }

  editsOf(documentKeyText: string): CellEdit[] {
    return [...(this.byDocument.get(documentKeyText)?.values() ?? [])];
  }

  /** Drops the edits of one document (one field of it when `path` is given). */
  discard(documentKeyText: string, path?: FieldPath): void {
    if (!path) {
      this.byDocument.delete(documentKeyText);
      return;
    }
    const edits = this.byDocument.get(documentKeyText);
    edits?.delete(columnId(path));
    if (edits?.size === 0) this.byDocument.delete(documentKeyText);
  }

  discardAll(): void {
    this.byDocument.clear();
  }

  documentKeys(): string[] {
    return [...this.byDocument.keys()];
  }

  get size(): number {
    return this.byDocument.size;
  }

  /** A plain copy, to keep across a reload. */
  toJSON(): [string, CellEdit[]][] {
    return [...this.byDocument].map(([key, edits]) => [key, [...edits.values()]]);
  }
}
