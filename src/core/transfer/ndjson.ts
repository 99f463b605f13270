import type { JsonObject } from '../json/lossless';
import { JsonSyntaxError, isJsonObject, parseLossless, stringifyLossless } from '../json/lossless';
import type { ParsedRecord, TextChunks } from './parsedRecord';

/** One document as an NDJSON line: extended JSON with every number written exactly as it came. */
export function ndjsonLine(document: JsonObject): string {
  return `${stringifyLossless(document)}\n`;
}

/** Why a parsed value cannot be imported as a document, or undefined when it can. */
export function notADocument(value: unknown): string | undefined {
  return isJsonObject(value as never) ? undefined : `expected a JSON object (a document), found ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`;
}

export function parseRecordText(text: string, line: number): ParsedRecord {
  try {
    const value = parseLossless(text);
    const problem = notADocument(value);
    return problem ? { line, error: problem } : { line, document: value as JsonObject };
  } catch (error) {
    const reason = error instanceof JsonSyntaxError ? `not valid JSON: ${error.message.replace(/ at line \d+, column/, ' at column')}` : String(error);
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
