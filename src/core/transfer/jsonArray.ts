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

/** What a character inside an element ended: nothing, the element (a comma), the array (`]`), or the array wrongly (`}`). */
const enum ValueEnd {
  None,
  Element,
  Array,
  WrongClose,
}

/**
 * The elements of a top-level JSON array, read as the chunks arrive: the array is never held whole,
 * only the element being read. Each element is parsed on its own, so one bad element is reported
 * (with the line it starts on) and the ones after it are still read. Text that is not an array at the
 * top, or that ends before the array closes, ends the reading with a {@link JsonArrayShapeError}.
 */
export async function* readJsonArray(chunks: TextChunks, cap = MAX_RECORD_CHARS): AsyncGenerator<ParsedRecord> {
  const scanner = new JsonArrayScanner(cap);
  let first = true;
  for await (const rawChunk of chunks) {
    const chunk = first && rawChunk.startsWith('\uFEFF') ? rawChunk.slice(1) : rawChunk;
    if (rawChunk !== '') first = false;
    yield* scanner.scan(chunk);
  }
  yield* scanner.end();
}

/** The state of one {@link readJsonArray} between chunks: where it stands in the array and in the element being read. */
class JsonArrayScanner {
  private state: 'before' | 'expectValue' | 'inValue' | 'done' = 'before';
  private line = 1;
  private element = '';
  private elementLine = 1;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The element being read is over `cap`: it is no longer kept, and is refused when it ends. */
  private tooLarge = false;
  /** The character being looked at in the current chunk. */
  private at = 0;
  /** Where the element being read starts in the current chunk (0 when it began in an earlier one). */
  private valueStart = 0;

  constructor(private readonly cap: number) {}

  *scan(chunk: string): Generator<ParsedRecord> {
    this.valueStart = 0;
    for (this.at = 0; this.at < chunk.length; this.at++) {
      if (this.state !== 'inValue') {
        this.outsideValue(chunk);
        continue;
      }
      const end = this.insideValue(chunk);
      if (end === ValueEnd.None) continue;
      yield this.endElement(chunk, this.at);
      if (end === ValueEnd.WrongClose) throw new JsonArrayShapeError('Unexpected "}" in the array', this.line);
      this.state = end === ValueEnd.Element ? 'expectValue' : 'done';
    }
    if (this.state === 'inValue' && !this.tooLarge) {
      if (this.element.length + chunk.length - this.valueStart > this.cap) {
        this.tooLarge = true;
        this.element = '';
      } else this.element += chunk.slice(this.valueStart);
    }
  }

  *end(): Generator<ParsedRecord> {
    if (this.state === 'before')
      throw new JsonArrayShapeError('The file is empty: a JSON import file must hold an array of documents', this.line);
    if (this.state !== 'done') {
      this.valueStart = 0;
      if (this.tooLarge || this.element.trim() !== '') yield this.endElement('', 0);
      throw new JsonArrayShapeError('The array is not closed: the file ends before its "]"', this.line);
    }
  }

  private insideValue(chunk: string): ValueEnd {
    const ch = chunk[this.at];
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (ch === '\\') this.escaped = true;
      else if (ch === '"') this.inString = false;
      else if (ch !== '\n') {
        // Skip to the next character that matters inside a string, at native speed.
        STRING_STOP.lastIndex = this.at + 1;
        this.at = (STRING_STOP.test(chunk) ? STRING_STOP.lastIndex - 1 : chunk.length) - 1;
        return ValueEnd.None;
      }
    } else if (ch === '"') this.inString = true;
    else if (ch === '{' || ch === '[') this.depth++;
    else if (ch === '}' || ch === ']') {
      if (this.depth === 0) return ch === '}' ? ValueEnd.WrongClose : ValueEnd.Array;
      this.depth--;
    } else if (ch === ',' && this.depth === 0) return ValueEnd.Element;
    if (ch === '\n') this.line++;
    return ValueEnd.None;
  }

  private outsideValue(chunk: string): void {
    const ch = chunk[this.at];
    if (ch === '\n') this.line++;
    if (WHITESPACE.has(ch)) return;
    if (this.state === 'before') {
      if (ch !== '[')
        throw new JsonArrayShapeError('A JSON import file must hold an array of documents: it starts with something else', this.line);
      this.state = 'expectValue';
    } else if (this.state === 'expectValue') {
      if (ch === ']') {
        this.state = 'done';
        return;
      }
      this.state = 'inValue';
      this.valueStart = this.at;
      this.elementLine = this.line;
      this.depth = 0;
      this.inString = false;
      this.escaped = false;
      // Read this character again as the first of the value.
      this.at--;
    } else {
      throw new JsonArrayShapeError('Text after the end of the array', this.line);
    }
  }

  private endElement(chunk: string, end: number): ParsedRecord {
    const over = this.tooLarge || this.element.length + (end - this.valueStart) > this.cap;
    const text = over ? '' : this.element + chunk.slice(this.valueStart, end);
    this.element = '';
    this.tooLarge = false;
    return over ? { line: this.elementLine, error: recordTooLarge(this.cap) } : parseRecordText(text, this.elementLine);
  }
}
