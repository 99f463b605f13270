import type { BulkUpdate, DocumentQuery } from '../api/types';
import type { JsonObject } from '../json/lossless';

/** A stretch of the playground text, in UTF-16 offsets as editors count them. */
export interface SourceRange {
  offset: number;
  length: number;
}

export interface PlaygroundProblem {
  message: string;
  range: SourceRange;
}

interface RequestTarget {
  /** The label of the account to run against; absent when the file leaves the choice to the user. */
  account?: string;
  database: string;
  collection: string;
}

export interface FindRequest extends RequestTarget {
  kind: 'find';
  query: DocumentQuery;
}

export interface UpdateRequest extends RequestTarget {
  kind: 'update';
  update: Required<Pick<BulkUpdate, 'criteria' | 'object'>> & Pick<BulkUpdate, 'upsert' | 'multi'>;
}

/** A query holding `"pipeline": […]` instead of `q`: an aggregation (issue 31). */
export interface AggregateRequest extends RequestTarget {
  kind: 'aggregate';
  pipeline: JsonObject[];
  /** Result documents per page, 1..100; absent: the default of 20. */
  limit?: number;
}

export type PlaygroundRequest = FindRequest | UpdateRequest | AggregateRequest;

/** A request whose results come in pages: a find or an aggregation. */
export type PagedRequest = FindRequest | AggregateRequest;

/** One query object of the file, with what it asks for or why it cannot be sent. */
export interface PlaygroundEntry {
  /** Position of the query in the file's top-level array (0 for a file holding a single query). */
  index: number;
  /** The whole query object. */
  range: SourceRange;
  /** Where a failure the service reports for this query is shown: its `q`, `update` or `pipeline` value, else its opening brace. */
  errorAnchor: SourceRange;
  /** Each stage of a `pipeline`, where the file holds one: its lenses and the service's failures of a stage go there. */
  stageRanges?: SourceRange[];
  /** The `account` value, when the file names one. */
  accountRange?: SourceRange;
  /** Undefined exactly when `problems` is not empty. */
  request?: PlaygroundRequest;
  problems: PlaygroundProblem[];
}

export interface ParsedPlayground {
  entries: PlaygroundEntry[];
  /** Problems of the file as a whole: broken JSON, or a top level that is not a query or an array of queries. */
  fileProblems: PlaygroundProblem[];
}

/** Every problem of the file, file-wide first, each once. */
export function allProblems(parsed: ParsedPlayground): PlaygroundProblem[] {
  return [...parsed.fileProblems, ...parsed.entries.flatMap((entry) => entry.problems)];
}

/** The query whose text contains the offset, else the last one starting before it, else the first. */
export function entryAt(parsed: ParsedPlayground, offset: number): PlaygroundEntry | undefined {
  const containing = parsed.entries.find((entry) => offset >= entry.range.offset && offset <= entry.range.offset + entry.range.length);
  if (containing) return containing;
  const before = parsed.entries.filter((entry) => entry.range.offset <= offset);
  return before.at(-1) ?? parsed.entries[0];
}
