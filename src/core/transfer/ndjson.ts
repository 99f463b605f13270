import type { JsonObject } from '../json/lossless';
import { JsonSyntaxError, LosslessNumber, isJsonObject, parseLossless, stringifyLossless } from '../json/lossless';
import type { ParsedRecord, TextChunks } from './parsedRecord';
import { MAX_RECORD_CHARS, recordTooLarge } from './recordCap';
import { notUtf8 } from './utf8Text';

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
  const notText = notUtf8(text);
  if (notText) return { line, error: notText };
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
 * read is held, and each character is looked at once. A line longer than `cap` is refused by its number
 * and dropped as it arrives. A BOM at the start and CR before LF are ignored.
 */
export async function* readNdjson(chunks: TextChunks, cap = MAX_RECORD_CHARS): AsyncGenerator<ParsedRecord> {
  let pieces: string[] = [];
  let size = 0;
  let tooLarge = false;
  let line = 0;
  let first = true;
  const finish = (last: string): ParsedRecord | undefined => {
    line++;
    const wasTooLarge = tooLarge || size + last.length > cap;
    const joined = wasTooLarge ? '' : pieces.join('') + last;
    const text = joined.endsWith('\r') ? joined.slice(0, -1) : joined;
    pieces = [];
    size = 0;
    tooLarge = false;
    if (wasTooLarge) return { line, error: recordTooLarge(cap) };
    return text.trim() === '' ? undefined : parseRecordText(text, line);
  };
  for await (const rawChunk of chunks) {
    const chunk = first && rawChunk.startsWith('\uFEFF') ? rawChunk.slice(1) : rawChunk;
    if (rawChunk !== '') first = false;
    let start = 0;
    for (let newline = chunk.indexOf('\n'); newline !== -1; newline = chunk.indexOf('\n', start)) {
      const record = finish(chunk.slice(start, newline));
      start = newline + 1;
      if (record) yield record;
    }
    const rest = chunk.length - start;
    if (tooLarge || rest === 0) continue;
    if (size + rest > cap) {
      tooLarge = true;
      pieces = [];
    } else {
      pieces.push(chunk.slice(start));
      size += rest;
    }
  }
  if (size > 0 || tooLarge) {
    const record = finish('');
    if (record) yield record;
  }
}
