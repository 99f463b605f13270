import type { JsonObject, JsonValue } from '../json/lossless';

/**
 * The plan a service chose for a query (`GET …/explain`, beyond the interface: a service without it answers
 * 404). `stage` is `COLLSCAN` (a full scan; `index` and `key` null), `IXSCAN` (an index walk) or `IDHACK`
 * (a lookup by `_id` equality); other stages are shown as they came.
 */
export interface ExplainPlan {
  stage: string;
  index?: string | null;
  key?: JsonObject | null;
  direction?: string;
  /** A display string per field, e.g. `{"n": "[MaxKey, MinKey]"}`. */
  bounds?: Record<string, JsonValue>;
  sortInMemory?: boolean;
  countFromIndex?: boolean;
  /** The page was read from the documents in stored order, the index giving the count (many documents match). */
  pageReadInNaturalOrder?: boolean;
  [field: string]: unknown;
}

/** The answer of an explain, as the service sent it; numbers may be plain or exact (`LosslessNumber`). */
export interface ExplainAnswer {
  ns?: string;
  query?: JsonObject;
  sort?: JsonObject | null;
  skip?: JsonValue;
  limit?: JsonValue;
  plan: ExplainPlan;
  keysExamined?: JsonValue;
  docsExamined?: JsonValue;
  returned?: JsonValue;
  /** What `X-Service-Count` would say: every document the query matches. */
  count?: JsonValue;
  millis?: JsonValue;
  candidates?: JsonValue;
  [field: string]: unknown;
}

/** How often an index served a query since the service began counting (MongoDB's `$indexStats` shape). */
export interface IndexAccesses {
  ops: JsonValue;
  since?: JsonValue;
}

/** How far a background index build is. */
export interface IndexBuildProgress {
  done: JsonValue;
  total: JsonValue;
}
