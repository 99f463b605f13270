import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CopyStreamQuery } from 'pg-copy-streams';
import type { Doc, Value } from '../bson/extendedJson';
import { describeKey, ID_INDEX } from '../query/collectionData';
import { documentColumns, documentKey } from '../store/postgres/mutationSql';
import { LineRefused } from './lineDocuments';
import type { LoadTarget } from './postgresLoad';

/**
 * Rows of one COPY statement: the load is several, so that what a failure needs (the file's line and the `_id` of
 * each row) is held for one of them only, never for the whole file. Large enough that a statement's round trip
 * does not count.
 */
export const ROWS_PER_COPY = 50_000;
/** Rows written to the COPY stream at once: fewer, larger writes. */
const WRITE_BYTES = 256 * 1024;

const COPY = 'COPY dbhost_documents (account, db, col, id, body, doc) FROM STDIN';

/** A field of COPY's text format: backslash, tab, newline and carriage return escaped. */
const field = (text: string): string =>
  /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : text;

/**
 * Writes documents into the store's table with COPY, each as the row the store writes for it (mutationSql.ts: key,
 * exact text, `jsonb` or NULL), in the order given (`pos`, the natural order, follows it). PostgreSQL checks what the
 * store's INSERT has it check (the primary key: an `_id` given twice, or one the collection holds); a row it refuses
 * is named by its line of the file.
 */
export class CopyRows {
  private readonly prefix: string;
  private stream: CopyStreamQuery | undefined;
  private failure: unknown;
  private pendingText = '';
  /** The file's line and the `_id` of each row of the COPY under way. */
  private lines: number[] = [];
  private ids: Value[] = [];
  copied = 0;

  constructor(
    private readonly client: PoolClient,
    private readonly account: string,
    private readonly target: LoadTarget,
  ) {
    this.prefix = `${field(account)}\t${field(target.db)}\t${field(target.col)}\t`;
  }

  /** Adds the document of line `line`; waits while PostgreSQL is behind. */
  async add(doc: Doc, line: number): Promise<void> {
    const { body, json } = documentColumns(doc);
    const text = field(body);
    this.pendingText += `${this.prefix}${field(documentKey(doc._id))}\t${text}\t${json === null ? '\\N' : text}\n`;
    this.lines.push(line);
    this.ids.push(doc._id);
    if (this.pendingText.length >= WRITE_BYTES) await this.write();
    if (this.lines.length >= ROWS_PER_COPY) await this.finish();
  }

  /** Ends the COPY under way: its rows are written (in the transaction) or it throws what was refused. */
  async finish(): Promise<void> {
    if (this.lines.length === 0) return;
    await this.write();
    const stream = await this.open();
    // After PostgreSQL refused a row, the stream has no connection left to end on.
    if (this.failure === undefined) stream.end();
    await new Promise<void>((resolve, reject) => {
      if (this.failure !== undefined) reject(this.failure);
      stream.once('finish', resolve);
      stream.once('error', reject);
    }).catch((error: unknown) => {
      throw this.refusal(error);
    });
    this.copied += this.lines.length;
    this.stream = undefined;
    this.lines = [];
    this.ids = [];
  }

  /** Ends the COPY under way without its rows (CopyFail), so that the connection can roll the transaction back. */
  async abort(): Promise<void> {
    const stream = this.stream;
    this.stream = undefined;
    if (!stream || stream.destroyed || this.failure !== undefined) return;
    const closed = new Promise((resolve) => stream.once('close', resolve));
    stream.destroy();
    await closed;
  }

  private async open(): Promise<CopyStreamQuery> {
    if (this.stream) return this.stream;
    const stream = this.client.query(copyFrom(COPY));
    stream.on('error', (error) => (this.failure ??= error));
    this.stream = stream;
    return stream;
  }

  private async write(): Promise<void> {
    if (this.pendingText === '') return;
    const stream = await this.open();
    if (this.failure !== undefined) throw this.refusal(this.failure);
    const text = this.pendingText;
    this.pendingText = '';
    if (stream.write(text)) return;
    await new Promise<void>((resolve, reject) => {
      stream.once('drain', resolve);
      stream.once('error', reject);
    }).catch((error: unknown) => {
      throw this.refusal(error);
    });
  }

  /**
   * What PostgreSQL refused, named by the line of the file of the row it refused. A duplicate `_id` is told by its
   * SQLSTATE and constraint, and its row found by the key values of its detail (the words around them are in the
   * server's language, lc_messages; the values are not); another failure names its row when PostgreSQL's context does.
   * No savepoint marks each COPY to look the keys up after: each would be a subtransaction, and past 64 of them in a
   * load every other session's snapshots overflow their cache until it ends.
   */
  private refusal(error: unknown): unknown {
    const { code, constraint, where, detail } = error as { code?: string; constraint?: string; where?: string; detail?: string };
    if (code === '23505' && constraint === 'dbhost_documents_pkey') {
      const { db, col } = this.target;
      const refused = `E11000 duplicate key error index: ${db}.${col}.$${ID_INDEX.name}`;
      const row = this.duplicateRow(detail ?? '');
      if (row === undefined)
        return new LineRefused(
          `Lines ${this.lines[0]} to ${this.lines[this.lines.length - 1]}: ${refused}: an _id of one of these lines is given twice or held by the collection`,
        );
      return new LineRefused(`Line ${this.lines[row]}: ${refused} dup key: ${describeKey(ID_INDEX, { _id: this.ids[row] })}`);
    }
    const line = this.lines[Number(/\bdbhost_documents\D*(\d+)/.exec(where ?? '')?.[1]) - 1];
    return line === undefined ? error : new LineRefused(`Line ${line}: PostgreSQL refused it: ${(error as Error).message}`);
  }

  /**
   * The row of the refused COPY whose key the duplicate key `detail` names: its second in the COPY when it has two
   * (a duplicate whether or not the collection held it before), else its only one.
   */
  private duplicateRow(detail: string): number | undefined {
    const { db, col } = this.target;
    let first: number | undefined;
    for (const [row, id] of this.ids.entries()) {
      if (!detail.includes(`(account, db, col, id)=(${this.account}, ${db}, ${col}, ${documentKey(id)})`)) continue;
      if (first !== undefined) return row;
      first = row;
    }
    return first;
  }
}
