import type { TextChunks } from './parsedRecord';

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
}

/**
 * The records of CSV text (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks;
 * lines end with CRLF or LF), read as the chunks arrive. Blank lines are skipped. Only the record
 * being read is held.
 */
export async function* readCsvRows(chunks: TextChunks): AsyncGenerator<CsvRow> {
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  /** Inside a quoted field, the previous character was a quote: either the closing one or the first of a doubled pair. */
  let quoteSeen = false;
  let fieldHadQuotes = false;
  let line = 1;
  let rowLine = 1;
  let afterCarriageReturn = false;
  let first = true;

  let rowHadQuotes = false;
  const endField = () => {
    rowHadQuotes ||= fieldHadQuotes;
    fields.push(field);
    field = '';
    fieldHadQuotes = false;
  };
  const endRow = (): CsvRow | undefined => {
    endField();
    const row = fields;
    fields = [];
    const blank = row.length === 1 && row[0] === '' && !rowHadQuotes;
    rowHadQuotes = false;
    return blank ? undefined : { line: rowLine, fields: row };
  };

  for await (const rawChunk of chunks) {
    const chunk = first && rawChunk.startsWith('\uFEFF') ? rawChunk.slice(1) : rawChunk;
    first = false;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i];
      if (afterCarriageReturn) {
        afterCarriageReturn = false;
        if (ch === '\n') continue;
      }
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (ch === '"') {
            field += '"';
            continue;
          }
          quoted = false;
          // The closing quote: this character is read as one outside the quotes, below.
        } else {
          if (ch === '"') quoteSeen = true;
          else {
            if (ch === '\n') line++;
            field += ch;
          }
          continue;
        }
      }
      if (ch === '"' && field === '' && !fieldHadQuotes) {
        quoted = true;
        fieldHadQuotes = true;
      } else if (ch === ',') endField();
      else if (ch === '\n' || ch === '\r') {
        const row = endRow();
        if (row) yield row;
        line++;
        rowLine = line;
        afterCarriageReturn = ch === '\r';
      } else field += ch;
    }
  }
  if (quoted && !quoteSeen) throw new CsvShapeError('A quoted field is not closed: the file ends inside it', rowLine);
  if (field !== '' || fields.length > 0 || fieldHadQuotes) {
    const row = endRow();
    if (row) yield row;
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
