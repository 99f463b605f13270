import type { JsonObject, JsonValue } from '../json/lossless';
import { LosslessNumber, isJsonObject, parseLossless, stringifyLossless } from '../json/lossless';
import type { CsvFormulas } from './csvFormulas';
import { neutraliseFormula, restoreNeutralised, startsLikeFormula } from './csvFormulas';
import type { CsvCell, CsvRow } from './csvText';
import { CsvShapeError, csvRow, readCsvRows } from './csvText';
import type { ParsedRecord, TextChunks } from './parsedRecord';
import { notUtf8 } from './utf8Text';

/**
 * An object that stands for one value rather than holding fields: extended JSON such as `{"$oid": …}`
 * or `{"$date": …}` (any object whose keys all start with `$`). It stays one cell.
 */
function isWrappedValue(value: JsonObject): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

/** Each leaf of a document under its dotted path, in document order; arrays, empty objects and extended-JSON values are leaves. */
export function flattenDocument(document: JsonObject, prefix = '', into = new Map<string, JsonValue>()): Map<string, JsonValue> {
  for (const [key, value] of Object.entries(document)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (isJsonObject(value) && Object.keys(value).length > 0 && !isWrappedValue(value)) flattenDocument(value, path, into);
    else into.set(path, value);
  }
  return into;
}

/** The dotted columns of some documents, in the order they first appear. */
export class ColumnCollector {
  private readonly seen = new Set<string>();

  add(document: JsonObject): void {
    for (const path of flattenDocument(document).keys()) this.seen.add(path);
  }

  get columns(): string[] {
    return [...this.seen];
  }
}

/**
 * The text of one cell: strings as they are, numbers exactly as stored, object ids as their hex, dates
 * as ISO-8601, null and missing fields empty, arrays and other objects as JSON text.
 */
export function cellText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof LosslessNumber) return value.text;
  if (isJsonObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === '$oid' && typeof value.$oid === 'string') return value.$oid;
    if (keys.length === 1 && keys[0] === '$date' && typeof value.$date === 'string') return value.$date;
  }
  return stringifyLossless(value);
}

/**
 * Writes documents as CSV rows of the chosen dotted columns, the header first. Unless `formulas` is `raw`,
 * a string value (or column name) a spreadsheet would run as a formula is neutralised (see csvFormulas.ts);
 * numbers, dates, ids and JSON text are never strings here and are written as they are, so -5 stays -5
 * while the string "-5" becomes '-5.
 */
export class CsvWriter {
  constructor(
    readonly columns: readonly string[],
    readonly formulas: CsvFormulas = 'neutralise',
  ) {
    if (columns.length === 0) throw new Error('Choose at least one column for a CSV export.');
  }

  header(): string {
    return csvRow(this.columns.map((column) => this.textCell(column)));
  }

  row(document: JsonObject): string {
    const flat = flattenDocument(document);
    return csvRow(
      this.columns.map((column) => {
        const value = flat.has(column) ? flat.get(column) : valueAt(document, column);
        return typeof value === 'string' ? this.textCell(value) : { text: cellText(value) };
      }),
    );
  }

  private textCell(text: string): CsvCell {
    return this.formulas === 'neutralise' && startsLikeFormula(text) ? { text: neutraliseFormula(text), quote: true } : { text };
  }
}

/** The value at a dotted path, for a column naming a whole object or array element the flattening did not list. */
function valueAt(document: JsonObject, path: string): JsonValue | undefined {
  let current: JsonValue | undefined = document;
  for (const part of path.split('.')) {
    if (!isJsonObject(current ?? null) || !Object.hasOwn(current as JsonObject, part)) return undefined;
    current = (current as JsonObject)[part];
  }
  return current;
}

export type CsvTypes = 'strings' | 'infer';

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const OBJECT_ID = /^[0-9a-f]{24}$/i;

/**
 * A cell's value; a neutralised formula cell loses its one leading quote. With `strings`, the text itself. With `infer`: numbers (exactly as written, so
 * 1.50 stays 1.50), true and false, empty or `null` as null, ISO-8601 dates as `{"$date"}`, JSON arrays
 * and objects as what they hold, and an `_id` of 24 hex digits as an object id; any other text stays a string.
 */
export function cellValue(text: string, types: CsvTypes, column: string): JsonValue {
  // A neutralised formula ('=1+2) was a string: it reads back as written, never inferred.
  const restored = restoreNeutralised(text);
  if (restored !== undefined) return restored;
  if (types === 'strings') return text;
  if (text === '' || text === 'null') return null;
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (NUMBER.test(text)) return parseLossless(text);
  if (ISO_DATE.test(text)) {
    const millis = Date.parse(text);
    if (Number.isFinite(millis)) return { $date: new Date(millis).toISOString() };
  }
  if (column === '_id' && OBJECT_ID.test(text)) return { $oid: text.toLowerCase() };
  if (/^[[{]/.test(text)) {
    try {
      return parseLossless(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The header of a CSV import checked: no empty, repeated or clashing (`a` beside `a.b`) column names. */
export function checkHeader(header: CsvRow): string[] {
  if (header.error) throw new CsvShapeError(`The header cannot be read: ${header.error}`, header.line);
  const notText = notUtf8(header.fields.join(','));
  if (notText) throw new CsvShapeError(`The header is ${notText}`, header.line);
  const names = header.fields.map((name) => restoreNeutralised(name) ?? name);
  const seen = new Set<string>();
  for (const name of names) {
    if (name === '' || name.split('.').some((part) => part === ''))
      throw new CsvShapeError(`The header names an empty column ("${name}")`, header.line);
    if (seen.has(name)) throw new CsvShapeError(`The header names the column "${name}" twice`, header.line);
    seen.add(name);
  }
  for (const name of names) {
    const parts = name.split('.');
    for (let i = 1; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('.');
      if (seen.has(parent))
        throw new CsvShapeError(`The header has both "${parent}" and "${name}": a field cannot be a value and hold fields`, header.line);
    }
  }
  return names;
}

/** A document from a CSV record: dotted columns become nested fields. */
export function rowDocument(columns: readonly string[], row: CsvRow, types: CsvTypes): ParsedRecord {
  if (row.error) return { line: row.line, error: row.error };
  const notText = notUtf8(row.fields.join(','));
  if (notText) return { line: row.line, error: notText };
  if (row.fields.length !== columns.length) {
    return {
      line: row.line,
      error: `${row.fields.length} field${row.fields.length === 1 ? '' : 's'} where the header has ${columns.length}`,
    };
  }
  const document: JsonObject = {};
  columns.forEach((column, index) => {
    const parts = column.split('.');
    let holder = document;
    for (const part of parts.slice(0, -1)) {
      const next = Object.hasOwn(holder, part) ? holder[part] : undefined;
      if (!isJsonObject(next ?? null)) {
        const created: JsonObject = {};
        Object.defineProperty(holder, part, { value: created, enumerable: true, writable: true, configurable: true });
        holder = created;
      } else holder = next as JsonObject;
    }
    Object.defineProperty(holder, parts[parts.length - 1], {
      value: cellValue(row.fields[index], types, column),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
  return { line: row.line, document };
}

/** The documents of CSV text whose first record is the header. */
export async function* readCsvDocuments(chunks: TextChunks, types: CsvTypes, cap?: number): AsyncGenerator<ParsedRecord> {
  let columns: string[] | undefined;
  for await (const row of readCsvRows(chunks, cap)) {
    if (!columns) columns = checkHeader(row);
    else yield rowDocument(columns, row, types);
  }
}
