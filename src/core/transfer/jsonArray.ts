import type { JsonObject } from '../json/lossless';
import { documentJson, parseRecordText } from './ndjson';
import type { ParsedRecord, TextChunks } from './parsedRecord';
import { MAX_RECORD_CHARS, recordTooLarge } from './recordCap';

/** Writes a JSON array one document at a time: `start`, then `item` for each, then `end`. */
export class JsonArrayWriter {
  private count = 0;

  start(): string {
    return '[';
  }

  item(document: JsonObject): string {
    return `${this.count++ === 0 ? '\n' : ',\n'}${documentJson(document)}`;
  }

  end(): string {
    return this.count === 0 ? ']\n' : '\n]\n';
  }
}

export class JsonArrayShapeError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (line ${line})`);
    this.name = 'JsonArrayShapeError';
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
/** Inside a string only a quote, a backslash and a line break (for the line count) need a look. */
const STRING_STOP = /["\\\n]/g;

/**
 * The elements of a top-level JSON array, read as the chunks arrive: the array is never held whole,
 * only the element being read. Each element is parsed on its own, so one bad element is reported
 * (with the line it starts on) and the ones after it are still read. Text that is not an array at the
 * top, or that ends before the array closes, ends the reading with a {@link JsonArrayShapeError}.
 */
export async function* readJsonArray(chunks: TextChunks, cap = MAX_RECORD_CHARS): AsyncGenerator<ParsedRecord> {
  type State = 'before' | 'expectValue' | 'inValue' | 'done';
  let state = 'before' as State;
  let line = 1;
  let element = '';
  let elementLine = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let first = true;
  /** The element being read is over `cap`: it is no longer kept, and is refused when it ends. */
  let tooLarge = false;
  const endElement = (chunk: string, end: number, valueStart: number): ParsedRecord => {
    const over = tooLarge || element.length + (end - valueStart) > cap;
    const text = over ? '' : element + chunk.slice(valueStart, end);
    element = '';
    tooLarge = false;
    return over ? { line: elementLine, error: recordTooLarge(cap) } : parseRecordText(text, elementLine);
  };

  for await (const rawChunk of chunks) {
    const chunk = first && rawChunk.startsWith('\uFEFF') ? rawChunk.slice(1) : rawChunk;
    if (rawChunk !== '') first = false;
    // Where the element being read starts in this chunk (0 when it began in an earlier one).
    let valueStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i];
      if (state === 'inValue') {
        if (inString) {
          if (escaped) escaped = false;
          else if (ch === '\\') escaped = true;
          else if (ch === '"') inString = false;
          else if (ch !== '\n') {
            // Skip to the next character that matters inside a string, at native speed.
            STRING_STOP.lastIndex = i + 1;
            const stop = STRING_STOP.test(chunk) ? STRING_STOP.lastIndex - 1 : chunk.length;
            i = stop - 1;
            continue;
          }
        } else if (ch === '"') inString = true;
        else if (ch === '{' || ch === '[') depth++;
        else if (ch === '}' || ch === ']') {
          if (depth === 0) {
            yield endElement(chunk, i, valueStart);
            if (ch === '}') throw new JsonArrayShapeError('Unexpected "}" in the array', line);
            state = 'done';
            continue;
          }
          depth--;
        } else if (ch === ',' && depth === 0) {
          yield endElement(chunk, i, valueStart);
          state = 'expectValue';
          continue;
        }
        if (ch === '\n') line++;
        continue;
      }
      if (ch === '\n') line++;
      if (WHITESPACE.has(ch)) continue;
      if (state === 'before') {
        if (ch !== '[')
          throw new JsonArrayShapeError('A JSON import file must hold an array of documents: it starts with something else', line);
        state = 'expectValue';
      } else if (state === 'expectValue') {
        if (ch === ']') {
          state = 'done';
          continue;
        }
        state = 'inValue';
        valueStart = i;
        elementLine = line;
        depth = 0;
        inString = false;
        escaped = false;
        // Read this character again as the first of the value.
        i--;
      } else {
        throw new JsonArrayShapeError('Text after the end of the array', line);
      }
    }
    if (state === 'inValue' && !tooLarge) {
      if (element.length + chunk.length - valueStart > cap) {
        tooLarge = true;
        element = '';
      } else element += chunk.slice(valueStart);
    }
  }
  if (state === 'before') throw new JsonArrayShapeError('The file is empty: a JSON import file must hold an array of documents', line);
  if (state !== 'done') {
    if (tooLarge || element.trim() !== '') yield endElement('', 0, 0);
    throw new JsonArrayShapeError('The array is not closed: the file ends before its "]"', line);
  }
}
