import type { JsonObject } from '../json/lossless';
import { JsonSyntaxError, LosslessNumber, isJsonObject, parseLossless, stringifyLossless } from '../json/lossless';
import type { ParsedRecord, TextChunks } from './parsedRecord';

/** Whether a parsed value holds a number that `JSON.stringify` would not write exactly as it came. */
function holdsExactNumber(value: unknown): boolean {
  if (value instanceof LosslessNumber || typeof value === 'bigint') return true;
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsExactNumber);
  for (const key in value) if (Object.hasOwn(value, key) && holdsExactNumber((value as Record<string, unknown>)[key])) return true;
  return false;
}

/**
 * A document as compact JSON text, numbers exactly as they came: `JSON.stringify` (several times faster)
 * when nothing in it needs {@link stringifyLossless}, which writes the same text.
 */
export function documentJson(document: JsonObject): string {
  return holdsExactNumber(document) ? stringifyLossless(document) : JSON.stringify(document);
}

/** One document as an NDJSON line: extended JSON with every number written exactly as it came. */
export function ndjsonLine(document: JsonObject): string {
  return `${documentJson(document)}\n`;
}

/** Why a parsed value cannot be imported as a document, or undefined when it can. */
export function notADocument(value: unknown): string | undefined {
  return isJsonObject(value as never)
    ? undefined
    : `expected a JSON object (a document), found ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`;
}

export function parseRecordText(text: string, line: number): ParsedRecord {
  try {
    const value = parseLossless(text);
    const problem = notADocument(value);
    return problem ? { line, error: problem } : { line, document: value as JsonObject };
  } catch (error) {
    const reason =
      error instanceof JsonSyntaxError ? `not valid JSON: ${error.message.replace(/ at line \d+, column/, ' at column')}` : String(error);
    return { line, error: reason };
  }
}

/**
 * The records of NDJSON text, one per non-blank line, read as the chunks arrive: only the line being
 * read is held. A BOM at the start and CR before LF are ignored.
 */
export async function* readNdjson(chunks: TextChunks): AsyncGenerator<ParsedRecord> {
  let pending = '';
  let line = 0;
  let first = true;
  for await (const chunk of chunks) {
    pending += first && chunk.startsWith('\uFEFF') ? chunk.slice(1) : chunk;
    first = false;
    let start = 0;
    for (let newline = pending.indexOf('\n'); newline !== -1; newline = pending.indexOf('\n', start)) {
      line++;
      const text = pending.slice(start, newline).replace(/\r$/, '');
      start = newline + 1;
      if (text.trim() !== '') yield parseRecordText(text, line);
    }
    pending = pending.slice(start);
  }
  line++;
  if (pending.trim() !== '') yield parseRecordText(pending.replace(/\r$/, ''), line);
}
