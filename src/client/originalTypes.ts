import type { JsonObject } from '../core/json/lossless';
import type { CallOptions, IndexRecord, ServiceAnswer } from './types';

/** A database user as the service lists it; the password is never sent back. */
export interface DatabaseUserRecord {
  user: string;
  readOnly?: boolean;
  [field: string]: unknown;
}

/** The answer of POST /copy_database: 200 also when the copy is refused, with `copy: false` and the reason. */
export interface CopyDatabaseAnswer {
  copy: boolean;
  from?: string;
  to?: string;
  error?: string;
  [field: string]: unknown;
}

/** One member's statistics in the original's flattened form (`mem/resident`, `opcounters/insert`…). */
export type MemberStatistics = JsonObject;

export interface StatisticsSample {
  /** Seconds since the epoch. */
  time: number;
  members: MemberStatistics[];
}

export interface DeploymentStatistics extends StatisticsSample {
  /** Earlier samples and the latest, oldest first; only the latest when the service sends no series. */
  samples: StatisticsSample[];
}

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
  /** The database's slow query log, newest first. */
  listSlowQueries(db: string, options?: CallOptions): Promise<JsonObject[]>;
  getSlowQuery(db: string, id: string, options?: CallOptions): Promise<JsonObject>;
}
