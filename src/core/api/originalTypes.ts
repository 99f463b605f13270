import type { UpdatePreview, UpdatePreviewRequest } from '../bulk/updatePreview';
import type { CollectionRulesUpdate } from './collectionRules';
import type { JsonObject } from '../json/lossless';
import type { CallOptions, IndexRecord, ServiceAnswer } from './records';

/** A database user as the service lists it; the password is never sent back. */
export interface DatabaseUserRecord {
  user: string;
  readOnly?: boolean;
  [field: string]: unknown;
}

/** The answer of POST /copy_database: 200 also when the copy is refused, with `copy: false` and the reason. */
export interface CopyDatabaseAnswer {
  /** true (or 1) when the copy was made. */
  copy: boolean | number;
  from?: string;
  to?: string;
  error?: string;
  [field: string]: unknown;
}

/**
 * A deployment's statistics as the service sent them: `time` (seconds) and `members`, one object per member
 * in the original's flattened form (`mem/resident`, `opcounters/insert`…), and from the local service
 * `samples`, the series of such `{time, members}` before and including the latest. core/stats reads it.
 */
export type DeploymentStatistics = JsonObject;

/**
 * Endpoints of the original service that the interface text leaves out. A service that does not offer one
 * answers 404 (a `ServiceError` with status 404); callers hide the feature then.
 */
export interface OriginalServiceApi {
  listUsers(db: string, options?: CallOptions): Promise<DatabaseUserRecord[]>;
  createUser(db: string, user: string, password: string, readOnly?: boolean, options?: CallOptions): Promise<ServiceAnswer>;
  deleteUser(db: string, user: string, options?: CallOptions): Promise<ServiceAnswer>;
  copyDatabase(from: string, to: string, options?: CallOptions): Promise<CopyDatabaseAnswer>;
  getIndex(db: string, col: string, name: string, options?: CallOptions): Promise<IndexRecord>;
  getDeploymentStats(name: string, options?: CallOptions): Promise<DeploymentStatistics>;
  /** The operations in progress on a database (`inprog` of the answer). */
  listOperations(db: string, options?: CallOptions): Promise<JsonObject[]>;
  /** The database's slow query log, newest first. The answer is kept as the service sent it. */
  listSlowQueries(db: string, options?: CallOptions): Promise<JsonObject[]>;
  getSlowQuery(db: string, id: string, options?: CallOptions): Promise<JsonObject>;
  /** The dry run of a bulk update (issue 25): nothing is written. A 404 means the service has none. */
  previewUpdate(db: string, col: string, request: UpdatePreviewRequest, options?: CallOptions): Promise<UpdatePreview>;
  /**
   * Sets a collection's validation rules (issue 33: beyond the original): `PUT …/collections/<col>` with `validator`,
   * `validationLevel`, `validationAction`. They are read in the collection's statistics (`collectionRulesOf`).
   */
  setCollectionRules(db: string, col: string, rules: CollectionRulesUpdate, options?: CallOptions): Promise<ServiceAnswer>;
}
