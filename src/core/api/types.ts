import type { DocumentUpdate } from '../documents/updateDiff';
import type { JsonObject, JsonValue } from '../json/lossless';
import type { ExplainAnswer } from './explainTypes';
import type { OriginalServiceApi } from './originalTypes';
import type {
  CallOptions,
  CollectionRecord,
  DatabaseRecord,
  DeploymentLogEntry,
  DeploymentRecord,
  IndexRecord,
  InvoiceRecord,
  PlanRecord,
  ServiceAnswer,
  ServiceDocument,
} from './records';

// The records and call options are declared apart (records.ts) so that originalTypes.ts can use them without importing this file.
export type * from './records';

export type SortSpec = Record<string, 1 | -1>;
export type FieldsSpec = string[] | Record<string, 0 | 1 | boolean>;

export interface DocumentQuery {
  q?: JsonObject;
  fields?: FieldsSpec;
  sort?: SortSpec;
  skip?: number;
  /** 1..100; the client never asks for more than 100. Absent: the service's default of 20. */
  limit?: number;
}

export interface DocumentPage {
  documents: ServiceDocument[];
  /** From `X-Service-Count` (or the old `X-Mongohq-Count`): all matching documents, whatever skip and limit. Undefined when the service sent neither. */
  total: number | undefined;
}

/** Options of an aggregation (beyond the interface, like explain: a service without it answers 404). */
export interface AggregateOptions extends CallOptions {
  /** Result documents to answer with at most (the service's default when absent). */
  limit?: number;
}

export interface FetchedDocument {
  document: ServiceDocument;
  /** The body exactly as the service sent it. */
  text: string;
}

/** The `document` of a one-document PUT: the field-level `$set`/`$unset` a save computes, or any update directives. */
export type UpdateDirectives = DocumentUpdate | JsonObject;

export interface WriteOptions {
  /** true: the service answers after the write is saved. */
  safe?: boolean;
}

export interface BulkUpdate extends WriteOptions {
  criteria: JsonObject;
  object: JsonObject;
  upsert?: boolean;
  multi?: boolean;
}

export interface IndexDefinition {
  spec: Record<string, JsonValue>;
  background?: boolean;
  unique?: boolean;
  drop_dups?: boolean;
  min?: number | null;
  max?: number | null;
}

/** One method per endpoint of the interface, 25 in all, and the original's endpoints beyond it. */
export interface DbHostApi extends OriginalServiceApi {
  listDatabases(options?: CallOptions): Promise<DatabaseRecord[]>;
  createDatabase(name: string, slug: string, options?: CallOptions): Promise<ServiceAnswer>;
  getDatabase(db: string, options?: CallOptions): Promise<DatabaseRecord>;
  deleteDatabase(db: string, options?: CallOptions): Promise<ServiceAnswer>;

  listCollections(db: string, options?: CallOptions): Promise<CollectionRecord[]>;
  createCollection(db: string, name: string, options?: CallOptions): Promise<ServiceAnswer>;
  getCollectionStats(db: string, col: string, options?: CallOptions): Promise<JsonObject>;
  renameCollection(db: string, col: string, newName: string, options?: CallOptions): Promise<ServiceAnswer>;
  deleteCollection(db: string, col: string, options?: CallOptions): Promise<ServiceAnswer>;

  listDocuments(db: string, col: string, query?: DocumentQuery, options?: CallOptions): Promise<DocumentPage>;
  /** GET …/explain with the documents list's parameters: the plan, keys and documents examined (404 where not offered). */
  explain(db: string, col: string, query?: DocumentQuery, options?: CallOptions): Promise<ExplainAnswer>;
  /** `id` is the document's `_id` value itself; the path names exactly it (42 and "42" are two documents). */
  getDocument(db: string, col: string, id: JsonValue, options?: CallOptions): Promise<FetchedDocument>;
  createDocument(db: string, col: string, document: JsonObject, write?: WriteOptions, options?: CallOptions): Promise<ServiceAnswer>;
  updateDocument(
    db: string,
    col: string,
    id: JsonValue,
    update: UpdateDirectives,
    write?: WriteOptions,
    options?: CallOptions,
  ): Promise<ServiceAnswer>;
  updateDocuments(db: string, col: string, update: BulkUpdate, options?: CallOptions): Promise<ServiceAnswer>;
  deleteDocument(db: string, col: string, id: JsonValue, options?: CallOptions): Promise<ServiceAnswer>;

  listIndexes(db: string, col: string, options?: CallOptions): Promise<IndexRecord[]>;
  createIndex(db: string, col: string, index: IndexDefinition, options?: CallOptions): Promise<ServiceAnswer>;
  dropIndex(db: string, col: string, name: string, options?: CallOptions): Promise<ServiceAnswer>;
  dropAllIndexes(db: string, col: string, options?: CallOptions): Promise<ServiceAnswer>;

  listDeployments(options?: CallOptions): Promise<DeploymentRecord[]>;
  getDeployment(name: string, options?: CallOptions): Promise<JsonObject>;
  getDeploymentLogs(name: string, options?: CallOptions): Promise<DeploymentLogEntry[]>;

  listInvoices(options?: CallOptions): Promise<InvoiceRecord[]>;
  getInvoice(id: string | number, options?: CallOptions): Promise<JsonObject>;

  listPlans(options?: CallOptions): Promise<PlanRecord[]>;

  /** The plan the service chooses for a documents query (beyond the interface: 404 where it is not offered). */
  explain(db: string, col: string, query?: DocumentQuery, options?: CallOptions): Promise<ExplainAnswer>;

  /**
   * POST …/aggregate: the result documents of a pipeline, and `X-Service-Count` where the service knows it
   * (beyond the interface: 404 where it is not offered). A pipeline ending in `$out`/`$merge` writes.
   */
  aggregate(db: string, col: string, pipeline: readonly JsonObject[], options?: AggregateOptions): Promise<DocumentPage>;
}
