import type { TextChunks } from './parsedRecord';
import { MAX_RECORD_CHARS, recordTooLarge } from './recordCap';

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One CSV field as RFC 4180 writes it: quoted (with quotes doubled) when it holds a comma, quote or line
 * break, starts or ends with a space, or when `quote` asks (a neutralised formula is always quoted).
 */
export function csvField(text: string, quote = false): string {
  return quote || NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell of a CSV record: its text, and whether it must be quoted whatever it holds. */
export interface CsvCell {
  text: string;
  quote?: boolean;
}

/** One CSV record with its CRLF. */
export function csvRow(fields: readonly (string | CsvCell)[]): string {
  const cells = fields.map((field) => (typeof field === 'string' ? { text: field } : field));
  // A lone empty field is quoted, or the record would read back as a blank line.
  if (cells.length === 1 && cells[0].text === '') return '""\r\n';
  return `${cells.map((cell) => csvField(cell.text, cell.quote)).join(',')}\r\n`;
}

export interface CsvRow {
  /** The line the record starts on, 1-based. */
  line: number;
  fields: string[];
  /** Set when the record was not kept (over the size cap); `fields` is then empty. */
  error?: string;
}

/** Outside quotes, the characters that end a run of plain text. */
const PLAIN_STOP = /[",\r\n]/g;

/** Line breaks in `text` from `from` to `to`: CRLF, CR and LF each count once; `afterCr` says the text before `from` ended with CR. */
function lineBreaks(text: string, from: number, to: number, afterCr: boolean): number {
  let count = 0;
  for (let at = text.indexOf('\r', from); at !== -1 && at < to; at = text.indexOf('\r', at + 1)) count++;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) {
    if (!(at === from ? afterCr : text[at - 1] === '\r')) count++;
  }
  return count;
}

/**
 * The records of CSV text (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks;
 * lines end with CRLF, LF or CR, counted alike inside quotes too), read as the chunks arrive. Fields are
 * built from slices of the chunks, so each character is looked at about once. Blank lines are skipped.
 * Only the record being read is held: one over `cap` characters is dropped as it arrives and reported
 * with its line and an `error`.
 */
export async function* readCsvRows(chunks: TextChunks, cap = MAX_RECORD_CHARS): AsyncGenerator<CsvRow> {
  const row = new CsvRowBuilder(cap);
  let first = true;
  for await (const rawChunk of chunks) {
    const chunk = first && rawChunk.startsWith('\uFEFF') ? rawChunk.slice(1) : rawChunk;
    if (rawChunk !== '') first = false;
    yield* row.read(chunk);
  }
  if (row.quoted && !row.quoteSeen) throw new CsvShapeError('A quoted field is not closed: the file ends inside it', row.rowLine);
  const last = row.endOfText();
  if (last) yield last;
}

/** The state of {@link readCsvRows} between chunks. */
class CsvRowBuilder {
  quoted = false;
  /** Inside a quoted field, the previous character was a quote: either the closing one or the first of a doubled pair. */
  quoteSeen = false;
  rowLine = 1;
  private fields: string[] = [];
  private field = '';
  private fieldHadQuotes = false;
  private rowHadQuotes = false;
  private size = 0;
  private tooLarge = false;
  private line = 1;
  /** The last character read was a CR (outside quotes: a CRLF's LF ends nothing more; inside: it is no second line). */
  private afterCr = false;

  constructor(private readonly cap: number) {}

  *read(chunk: string): Generator<CsvRow> {
    let i = 0;
    while (i < chunk.length) {
      if (this.quoted) {
        i = this.readQuoted(chunk, i);
        if (this.quoted) continue;
      }
      const ch = chunk[i];
      const afterCr = this.afterCr;
      this.afterCr = false;
      if (ch === '\n' && afterCr) i++;
      else if (ch === '"' && this.field === '' && !this.fieldHadQuotes) {
        this.quoted = true;
        this.fieldHadQuotes = true;
        i++;
      } else if (ch === ',') {
        this.endField();
        i++;
      } else if (ch === '\n' || ch === '\r') {
        const row = this.endRow();
        if (row) yield row;
        this.line++;
        this.rowLine = this.line;
        this.afterCr = ch === '\r';
        i++;
      } else {
        // Plain text up to the next comma, quote or line break (a quote inside a field is kept as it is).
        PLAIN_STOP.lastIndex = ch === '"' ? i + 1 : i;
        const stop = PLAIN_STOP.test(chunk) ? PLAIN_STOP.lastIndex - 1 : chunk.length;
        this.append(chunk.slice(i, stop));
        i = stop;
      }
    }
  }

  /** Reads inside quotes from `i`; returns where it stopped: the chunk's end, or the first character after the closing quote. */
  private readQuoted(chunk: string, i: number): number {
    if (this.quoteSeen) {
      this.quoteSeen = false;
      if (chunk[i] === '"') {
        this.append('"');
        return i + 1;
      }
      this.quoted = false;
      return i;
    }
    const quote = chunk.indexOf('"', i);
    const end = quote === -1 ? chunk.length : quote;
    if (end > i) {
      this.line += lineBreaks(chunk, i, end, this.afterCr);
      this.afterCr = chunk[end - 1] === '\r';
      this.append(chunk.slice(i, end));
    }
    if (quote === -1) return end;
    this.afterCr = false;
    this.quoteSeen = true;
    return quote + 1;
  }

  endOfText(): CsvRow | undefined {
    if (this.field !== '' || this.fields.length > 0 || this.fieldHadQuotes || this.tooLarge) return this.endRow();
    return undefined;
  }

  private append(text: string): void {
    if (this.tooLarge) return;
    this.size += text.length;
    if (this.size > this.cap) {
      this.tooLarge = true;
      this.fields = [];
      this.field = '';
    } else this.field += text;
  }

  private endField(): void {
    this.rowHadQuotes ||= this.fieldHadQuotes;
    if (!this.tooLarge) this.fields.push(this.field);
    this.field = '';
    this.fieldHadQuotes = false;
  }

  private endRow(): CsvRow | undefined {
    this.endField();
    const fields = this.fields;
    const tooLarge = this.tooLarge;
    this.fields = [];
    this.size = 0;
    this.tooLarge = false;
    const blank = fields.length === 1 && fields[0] === '' && !this.rowHadQuotes;
    this.rowHadQuotes = false;
    if (tooLarge) return { line: this.rowLine, fields: [], error: recordTooLarge(this.cap) };
    return blank ? undefined : { line: this.rowLine, fields };
  }
}

export class CsvShapeError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (line ${line})`);
    this.name = 'CsvShapeError';
  }
}
