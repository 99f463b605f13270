import type { DbHostApi } from '../api/types';
import type { JsonObject, JsonValue } from '../json/lossless';
import { MAX_PAGE_SIZE } from '../paging/pager';
import type { IdSeed } from './importIds';
import { withId } from './importIds';
import type { ImportFailure } from './importState';
import type { ParsedRecord } from './parsedRecord';
import type { Violation } from '../validation/rulesTypes';

/** A document of the file that breaks the target collection's rules: its line, its `_id` as stored, and its first violation. */
export interface RuleBreak {
  line: number;
  id: JsonValue;
  violation: Violation;
}

export interface DryRunReport {
  records: number;
  /** Records that can be sent. */
  documents: number;
  parseErrors: ImportFailure[];
  parseErrorCount: number;
  /** The first documents as they will be stored (`_id` included). */
  sample: JsonObject[];
  /** Records whose own `_id` the target collection already holds (generated ids are new by construction). */
  existingIds: number;
  /** The first documents that break the collection's rules (issue 33), when the dry run was given them; and how many do. */
  ruleBreaks: RuleBreak[];
  ruleBreakCount: number;
  /** Set when the file could not be read to its end; the counts cover what came before. */
  fileProblem?: string;
}

export interface DryRunOptions {
  records: AsyncIterable<ParsedRecord>;
  idSeed: IdSeed;
  /** Records before this ordinal are not counted (a resumed import). */
  resumeFrom?: number;
  /** Asks the target collection which `_id`s it holds; leave out for a new collection. */
  existing?: { api: DbHostApi; db: string; col: string; signal?: AbortSignal };
  sampleSize?: number;
  maxErrors?: number;
  /** The target collection's rules: each document's violations (none when it keeps them). */
  rules?: (document: JsonObject) => Violation[];
  /** Stops the reading: the dry run then rejects with {@link DryRunCancelledError}. */
  signal?: AbortSignal;
}

export class DryRunCancelledError extends Error {
  constructor() {
    super('The check of the file was cancelled.');
    this.name = 'DryRunCancelledError';
  }
}

/**
 * Reads the whole file without sending anything: how many records, which cannot be read (with their
 * lines), the first few documents as they will be stored, and how many of their own `_id`s the
 * collection already holds (asked 100 at a time). Memory holds one batch of ids, never the file.
 */
export async function dryRun(options: DryRunOptions): Promise<DryRunReport> {
  const report: DryRunReport = {
    records: 0,
    documents: 0,
    parseErrors: [],
    parseErrorCount: 0,
    sample: [],
    existingIds: 0,
    ruleBreaks: [],
    ruleBreakCount: 0,
  };
  const sampleSize = options.sampleSize ?? 3;
  const maxErrors = options.maxErrors ?? 100;
  const resumeFrom = options.resumeFrom ?? 0;
  let batch: JsonValue[] = [];
  const flush = async () => {
    const existing = options.existing;
    if (!existing || batch.length === 0) return;
    const ids = batch;
    batch = [];
    const page = await existing.api.listDocuments(
      existing.db,
      existing.col,
      { q: { _id: { $in: ids } }, fields: ['_id'], limit: MAX_PAGE_SIZE },
      { signal: existing.signal },
    );
    report.existingIds += page.total ?? page.documents.length;
  };
  let ordinal = -1;
  try {
    for await (const record of options.records) {
      if (options.signal?.aborted) throw new DryRunCancelledError();
      ordinal++;
      if (ordinal < resumeFrom) continue;
      report.records++;
      if (record.error !== undefined) {
        report.parseErrorCount++;
        if (report.parseErrors.length < maxErrors) report.parseErrors.push({ line: record.line, reason: record.error });
        continue;
      }
      report.documents++;
      const document = withId(record.document, options.idSeed, ordinal);
      if (report.sample.length < sampleSize) report.sample.push(document);
      const broken = options.rules?.(document) ?? [];
      if (broken.length > 0 && report.ruleBreakCount++ < maxErrors)
        report.ruleBreaks.push({ line: record.line, id: document._id, violation: broken[0] });
      if (Object.hasOwn(record.document, '_id')) {
        batch.push(record.document._id);
        if (batch.length >= MAX_PAGE_SIZE) await flush();
      }
    }
  } catch (error) {
    if (options.signal?.aborted) throw new DryRunCancelledError();
    if (error instanceof Error && /Shape/.test(error.name)) report.fileProblem = error.message;
    else throw error;
  }
  await flush();
  return report;
}
