import type { JsonObject, JsonValue } from '../json/lossless';
import type { IndexAccesses, IndexBuildProgress } from './explainTypes';

/**
 * The records the service sends. Only the fields the interface names are typed; everything else the
 * service sends is kept as it came (historical-shapes.md lists what the original sent).
 */
export interface DatabaseRecord {
  name: string;
  slug?: string;
  plan?: string;
  [field: string]: unknown;
}

export interface CollectionRecord {
  name: string;
  count?: number;
  [field: string]: unknown;
}

export interface IndexRecord {
  name: string;
  key?: Record<string, unknown>;
  unique?: boolean;
  /** Queries it served since the service started; absent on a service that does not count them. */
  accesses?: IndexAccesses;
  /** True while a background build runs; gone once the index is ready. */
  building?: boolean;
  progress?: IndexBuildProgress;
  [field: string]: unknown;
}

export interface DeploymentRecord {
  name: string;
  [field: string]: unknown;
}

export interface InvoiceRecord {
  id: string | number;
  [field: string]: unknown;
}

export interface PlanRecord {
  slug: string;
  name?: string;
  price?: number;
  type?: string;
  [field: string]: unknown;
}

/** One entry of a deployment's log: the member it came from and its raw text. Other shapes arrive as `{ log: text }`. */
export interface DeploymentLogEntry {
  member?: string;
  log: string;
}

/** A document as the service sent it: `_id` as `{"$oid": "…"}` or a plain value, numbers kept exactly. */
export type ServiceDocument = JsonObject;

/** Any JSON answer whose shape the interface leaves open (`{"ok": 1}`, statistics, details). */
export type ServiceAnswer = JsonValue;

export interface CallOptions {
  /** Cancels the call; the promise rejects with a `ServiceError` whose `kind` is `cancelled`. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call, in milliseconds. */
  timeoutMs?: number;
}
