import { isJsonObject, parseLossless, stringifyLossless } from '../core/json/lossless';
import { MAX_PAGE_SIZE } from '../core/api/limits';
import type { UpdatePreview, UpdatePreviewRequest } from '../core/bulk/updatePreview';
import { toUpdatePreview } from '../core/bulk/updatePreview';
import type { JsonObject, JsonValue } from '../core/json/lossless';
import type { FetchFunction } from './fetchFunction';
import type { ExplainAnswer } from '../core/api/explainTypes';
import type { CopyDatabaseAnswer, DatabaseUserRecord, DeploymentStatistics } from '../core/api/originalTypes';
import { UnexpectedShape, toDeploymentLog, toDocuments, toObject, toRecord, toRecordList } from './responseShapes';
import type { RecordShape } from './responseShapes';
import { ServiceAddress, pathSegment } from './serviceAddress';
import { Transport } from './transport';
import type { OutgoingRequest, ServiceAnswerText, ServiceRequest } from './transport';
import type {
  BulkUpdate,
  CallOptions,
  CollectionRecord,
  DatabaseRecord,
  DbHostApi,
  DeploymentLogEntry,
  DeploymentRecord,
  DocumentPage,
  DocumentQuery,
  FetchedDocument,
  IndexDefinition,
  IndexRecord,
  InvoiceRecord,
  PlanRecord,
  ServiceAnswer,
  UpdateDirectives,
  WriteOptions,
} from '../core/api/types';

export interface DbHostClientOptions {
  /** http or https, with or without a path prefix or trailing slash. */
  baseUrl: string;
  apiKey: string;
  /** Time limit of a whole call, retries included. Default 30 000. */
  timeoutMs?: number;
  /** Extra tries of a GET after a network error or a 502/503/504. Default 2. */
  retries?: number;
  /** Wait before the first retry; doubled for each further one. Default 250. */
  retryDelayMs?: number;
  /** Replaces node-fetch (tests, fault injection). */
  fetch?: FetchFunction;
  /** Receives one line per HTTP request: method, path (key redacted), status or failure, duration. */
  log?: (line: string) => void;
  /**
   * Runs before every request, writes and retries' first try alike, with what will be sent (never the
   * key); when it rejects, nothing is sent and its error is the call's. Guardrails use it.
   */
  beforeSend?: (request: OutgoingRequest) => Promise<void>;
}

/** The longest delay setTimeout honours. */
const MAX_TIMER = 2 ** 31 - 1;

/** A numeric option within bounds, or its default when absent or not a number. */
function within(value: number | undefined, min: number, max: number, fallback: number): number {
  return value === undefined || Number.isNaN(value) ? fallback : Math.min(max, Math.max(min, value));
}

const DATABASE: RecordShape = { key: 'name', fallbacks: ['db'], numericKey: false };
const COLLECTION: RecordShape = { key: 'name', fallbacks: [], numericKey: false };
const INDEX: RecordShape = { key: 'name', fallbacks: [], numericKey: false };
const DEPLOYMENT: RecordShape = { key: 'name', fallbacks: [], numericKey: false };
const INVOICE: RecordShape = { key: 'id', fallbacks: ['_id'], numericKey: true };
const USER: RecordShape = { key: 'user', fallbacks: ['name'], numericKey: false };
const PLAN: RecordShape = { key: 'slug', fallbacks: ['name'], numericKey: false };

const COUNT_HEADERS = ['x-service-count', 'x-mongohq-count'];

function withoutUndefined(members: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(members).filter(([, value]) => value !== undefined));
}

function isJsonContent(contentType: string | null): boolean {
  return contentType === null || /json/i.test(contentType);
}

function countOf(answer: ServiceAnswerText): number | undefined {
  for (const header of COUNT_HEADERS) {
    const value = answer.headers.get(header);
    if (value !== null && /^\s*\d+\s*$/.test(value)) return Number(value);
  }
  return undefined;
}

/** One method per endpoint of the service interface, over HTTP. */
export class DbHostClient implements DbHostApi {
  private readonly transport: Transport;

  constructor(options: DbHostClientOptions) {
    this.transport = new Transport({
      address: new ServiceAddress(options.baseUrl),
      apiKey: options.apiKey,
      timeoutMs: within(options.timeoutMs, 1, MAX_TIMER, 30_000),
      maxTimeoutMs: MAX_TIMER,
      retries: Math.floor(within(options.retries, 0, 10, 2)),
      retryDelayMs: within(options.retryDelayMs, 0, MAX_TIMER, 250),
      fetch: options.fetch,
      log: options.log,
      beforeSend: options.beforeSend,
    });
  }

  // Databases

  async listDatabases(options?: CallOptions): Promise<DatabaseRecord[]> {
    return this.read(
      { method: 'GET', path: '/databases', options },
      (value) => toRecordList(value, DATABASE, 'databases') as DatabaseRecord[],
    );
  }

  async createDatabase(name: string, slug: string, options?: CallOptions): Promise<ServiceAnswer> {
    return this.write({ method: 'POST', path: '/databases', body: { name, slug }, options });
  }

  async getDatabase(db: string, options?: CallOptions): Promise<DatabaseRecord> {
    return this.read(
      { method: 'GET', path: databasePath(db), options },
      (value) => toRecord(toObject(value, 'the database'), DATABASE, db) as DatabaseRecord,
    );
  }

  async deleteDatabase(db: string, options?: CallOptions): Promise<ServiceAnswer> {
    return this.write({ method: 'DELETE', path: databasePath(db), options });
  }

  // Collections

  async listCollections(db: string, options?: CallOptions): Promise<CollectionRecord[]> {
    return this.read(
      { method: 'GET', path: `${databasePath(db)}/collections`, options },
      (value) => toRecordList(value, COLLECTION, 'collections') as CollectionRecord[],
    );
  }

  async createCollection(db: string, name: string, options?: CallOptions): Promise<ServiceAnswer> {
    return this.write({ method: 'POST', path: `${databasePath(db)}/collections`, body: { name }, options });
  }

  async getCollectionStats(db: string, col: string, options?: CallOptions): Promise<JsonObject> {
    return this.read({ method: 'GET', path: collectionPath(db, col), options }, (value) => toObject(value, 'the collection statistics'));
  }

  async renameCollection(db: string, col: string, newName: string, options?: CallOptions): Promise<ServiceAnswer> {
    return this.write({ method: 'PUT', path: collectionPath(db, col), body: { name: newName }, options });
  }

  async deleteCollection(db: string, col: string, options?: CallOptions): Promise<ServiceAnswer> {
    return this.write({ method: 'DELETE', path: collectionPath(db, col), options });
  }

  // Documents

  async listDocuments(db: string, col: string, query: DocumentQuery = {}, options?: CallOptions): Promise<DocumentPage> {
    const request: ServiceRequest = {
      method: 'GET',
      path: `${collectionPath(db, col)}/documents`,
      query: documentQueryParameters(query),
      options,
    };
    const { answer, value } = await this.fetchJson(request);
    return { documents: this.shaped(request, answer, () => toDocuments(value)), total: countOf(answer) };
  }

  async getDocument(db: string, col: string, docId: string, options?: CallOptions): Promise<FetchedDocument> {
    const request: ServiceRequest = { method: 'GET', path: documentPath(db, col, docId), options };
    const { answer, value } = await this.fetchJson(request);
    return { document: this.shaped(request, answer, () => toObject(value, 'the document')), text: answer.text };
  }

  async createDocument(
    db: string,
    col: string,
    document: JsonObject,
    write: WriteOptions = {},
    options?: CallOptions,
  ): Promise<ServiceAnswer> {
    return this.write({
      method: 'POST',
      path: `${collectionPath(db, col)}/documents`,
      body: withoutUndefined({ document, safe: write.safe }),
      options,
    });
  }

  async updateDocument(
    db: string,
    col: string,
    docId: string,
    update: UpdateDirectives,
    write: WriteOptions = {},
    options?: CallOptions,
  ): Promise<ServiceAnswer> {
    return this.write({
      method: 'PUT',
      path: documentPath(db, col, docId),
      body: withoutUndefined({ document: update, safe: write.safe }),
      options,
    });
  }

  async updateDocuments(db: string, col: string, update: BulkUpdate, options?: CallOptions): Promise<ServiceAnswer> {
    const { criteria, object, upsert, multi, safe } = update;
    return this.write({
      method: 'PUT',
      path: `${collectionPath(db, col)}/documents`,
      body: withoutUndefined({ criteria, object, upsert, multi, safe }),
      options,
    });
  }

  async deleteDocument(db: string, col: string, docId: string, options?: CallOptions): Promise<ServiceAnswer> {
    return this.write({ method: 'DELETE', path: documentPath(db, col, docId), options });
  }

  // Indexes

  async listIndexes(db: string, col: string, options?: CallOptions): Promise<IndexRecord[]> {
    return this.read(
      { method: 'GET', path: `${collectionPath(db, col)}/indexes`, options },
      (value) => toRecordList(value, INDEX, 'indexes') as IndexRecord[],
    );
  }

  async createIndex(db: string, col: string, index: IndexDefinition, options?: CallOptions): Promise<ServiceAnswer> {
    const { spec, background, unique, drop_dups, min, max } = index;
    return this.write({
      method: 'POST',
      path: `${collectionPath(db, col)}/indexes`,
      body: withoutUndefined({ spec, background, unique, drop_dups, min, max }),
      options,
    });
  }

  async dropIndex(db: string, col: string, name: string, options?: CallOptions): Promise<ServiceAnswer> {
    return this.write({ method: 'DELETE', path: `${collectionPath(db, col)}/indexes/${pathSegment(name, 'index name')}`, options });
  }

  async dropAllIndexes(db: string, col: string, options?: CallOptions): Promise<ServiceAnswer> {
    return this.write({ method: 'DELETE', path: `${collectionPath(db, col)}/indexes`, options });
  }

  // Deployments

  async listDeployments(options?: CallOptions): Promise<DeploymentRecord[]> {
    return this.read(
      { method: 'GET', path: '/deployments', options },
      (value) => toRecordList(value, DEPLOYMENT, 'deployments') as DeploymentRecord[],
    );
  }

  async getDeployment(name: string, options?: CallOptions): Promise<JsonObject> {
    return this.read({ method: 'GET', path: deploymentPath(name), options }, (value) => toObject(value, 'the deployment'));
  }

  async getDeploymentLogs(name: string, options?: CallOptions): Promise<DeploymentLogEntry[]> {
    const request: ServiceRequest = { method: 'GET', path: `${deploymentPath(name)}/logs`, options };
    const answer = await this.transport.send(request);
    // A log may come as raw text rather than JSON; it is shown as it came.
    if (!isJsonContent(answer.contentType) && answer.text.trim() !== '' && !canParse(answer.text)) return [{ log: answer.text }];
    const value = this.parse(request, answer);
    return this.shaped(request, answer, () => toDeploymentLog(value));
  }

  // Invoices

  async listInvoices(options?: CallOptions): Promise<InvoiceRecord[]> {
    return this.read({ method: 'GET', path: '/invoices', options }, (value) => toRecordList(value, INVOICE, 'invoices') as InvoiceRecord[]);
  }

  async getInvoice(id: string | number, options?: CallOptions): Promise<JsonObject> {
    return this.read({ method: 'GET', path: `/invoices/${pathSegment(id, 'invoice id')}`, options }, (value) =>
      toObject(value, 'the invoice'),
    );
  }

  // Plans

  async listPlans(options?: CallOptions): Promise<PlanRecord[]> {
    return this.read({ method: 'GET', path: '/plans', options }, (value) => toRecordList(value, PLAN, 'plans') as PlanRecord[]);
  }

  // Beyond the interface and the original: the plan of a query (a service without it answers 404)

  /** How the service would run the query (contract 1 of issue 21); a service without explain answers 404. */
  async explain(db: string, col: string, query: DocumentQuery = {}, options?: CallOptions): Promise<ExplainAnswer> {
    return this.read(
      { method: 'GET', path: `${collectionPath(db, col)}/explain`, query: documentQueryParameters(query), options },
      (value) => {
        const answer = toObject(value, 'an explain');
        if (!isJsonObject(answer.plan) || typeof answer.plan.stage !== 'string')
          throw new UnexpectedShape('the explain has no plan with a stage');
        return answer as ExplainAnswer;
      },
    );
  }

  // The original's endpoints beyond the interface, over the interface's own transport

  async listUsers(db: string, options?: CallOptions): Promise<DatabaseUserRecord[]> {
    return this.read(
      { method: 'GET', path: `${databasePath(db)}/users`, options },
      (value) => toRecordList(value, USER, 'users') as DatabaseUserRecord[],
    );
  }

  /** The password travels only in the JSON body; it is never logged. */
  async createUser(db: string, user: string, password: string, readOnly?: boolean, options?: CallOptions): Promise<ServiceAnswer> {
    return this.write({ method: 'POST', path: `${databasePath(db)}/users`, body: withoutUndefined({ user, password, readOnly }), options });
  }

  async deleteUser(db: string, user: string, options?: CallOptions): Promise<ServiceAnswer> {
    return this.write({ method: 'DELETE', path: `${databasePath(db)}/users/${pathSegment(user, 'user name')}`, options });
  }

  async copyDatabase(from: string, to: string, options?: CallOptions): Promise<CopyDatabaseAnswer> {
    return this.read(
      { method: 'POST', path: '/copy_database', body: { from, to }, options },
      (value) => toObject(value, 'an answer') as CopyDatabaseAnswer,
    );
  }

  async getIndex(db: string, col: string, name: string, options?: CallOptions): Promise<IndexRecord> {
    return this.read(
      { method: 'GET', path: `${collectionPath(db, col)}/indexes/${pathSegment(name, 'index name')}`, options },
      (value) => toRecord(toObject(value, 'the index'), INDEX, name) as IndexRecord,
    );
  }

  async getDeploymentStats(name: string, options?: CallOptions): Promise<DeploymentStatistics> {
    return this.read(
      { method: 'GET', path: `${deploymentPath(name)}/stats`, options },
      (value) => toObject(value, 'statistics') as DeploymentStatistics,
    );
  }

  async listOperations(db: string, options?: CallOptions): Promise<JsonObject[]> {
    return this.read({ method: 'GET', path: `${databasePath(db)}/ops`, options }, (value) =>
      toDocuments(isJsonObject(value) ? value.inprog : value),
    );
  }

  async listSlowQueries(db: string, options?: CallOptions): Promise<JsonObject[]> {
    return this.read({ method: 'GET', path: slowQueriesPath(db), options }, toDocuments);
  }

  async getSlowQuery(db: string, id: string, options?: CallOptions): Promise<JsonObject> {
    return this.read({ method: 'GET', path: `${slowQueriesPath(db)}/${pathSegment(id, 'slow query id')}`, options }, (value) =>
      toObject(Array.isArray(value) ? value[0] : value, 'a slow query'),
    );
  }

  /** A POST that writes nothing: the guardrails let it through as a read (core/guardrails/accountGuardrails.ts). */
  async previewUpdate(db: string, col: string, request: UpdatePreviewRequest, options?: CallOptions): Promise<UpdatePreview> {
    const { criteria, object, upsert, multi, sample } = request;
    return this.read(
      {
        method: 'POST',
        path: `${collectionPath(db, col)}/update_preview`,
        body: withoutUndefined({ criteria, object, upsert, multi, sample }),
        options,
      },
      (value) => {
        try {
          return toUpdatePreview(value);
        } catch (error) {
          throw new UnexpectedShape((error as Error).message);
        }
      },
    );
  }

  // Plumbing

  private async read<T>(request: ServiceRequest, shape: (value: JsonValue | undefined) => T): Promise<T> {
    const { answer, value } = await this.fetchJson(request);
    return this.shaped(request, answer, () => shape(value));
  }

  /**
   * A write's answer: its JSON, null for an empty body, the text itself for a non-JSON text body.
   * A body claiming to be JSON that is not is reported, saying the change may have been made.
   */
  private async write(request: ServiceRequest): Promise<ServiceAnswer> {
    const answer = await this.transport.send(request);
    if (answer.text.trim() === '') return null;
    if (!isJsonContent(answer.contentType) && !canParse(answer.text)) return answer.text;
    try {
      return parseLossless(answer.text);
    } catch (error) {
      throw this.transport.invalidResponse(
        request,
        answer,
        `${notJson(error, this.transport.scrub(answer.text))}; the change may have been made anyway`,
      );
    }
  }

  private async fetchJson(request: ServiceRequest): Promise<{ answer: ServiceAnswerText; value: JsonValue | undefined }> {
    const answer = await this.transport.send(request);
    return { answer, value: this.parse(request, answer) };
  }

  private parse(request: ServiceRequest, answer: ServiceAnswerText): JsonValue | undefined {
    if (answer.text.trim() === '') return undefined;
    try {
      return parseLossless(answer.text);
    } catch (error) {
      throw this.transport.invalidResponse(request, answer, notJson(error, this.transport.scrub(answer.text)));
    }
  }

  private shaped<T>(request: ServiceRequest, answer: ServiceAnswerText, shape: () => T): T {
    try {
      return shape();
    } catch (error) {
      if (error instanceof UnexpectedShape) throw this.transport.invalidResponse(request, answer, error.message);
      throw error;
    }
  }
}

function canParse(text: string): boolean {
  try {
    parseLossless(text);
    return true;
  } catch {
    return false;
  }
}

function notJson(error: unknown, text: string): string {
  const reason = error instanceof Error ? error.message : String(error);
  const start = text.trim().replace(/\s+/g, ' ');
  return `the body is not valid JSON (${reason}): ${start.length > 80 ? `${start.slice(0, 80)}…` : start}`;
}

function databasePath(db: string): string {
  return `/databases/${pathSegment(db, 'database name')}`;
}

function collectionPath(db: string, col: string): string {
  return `${databasePath(db)}/collections/${pathSegment(col, 'collection name')}`;
}

function documentPath(db: string, col: string, docId: string): string {
  return `${collectionPath(db, col)}/documents/${pathSegment(docId, 'document id')}`;
}

function slowQueriesPath(db: string): string {
  return `/slow_queries/${pathSegment(db, 'database name')}`;
}

function deploymentPath(name: string): string {
  return `/deployments/${pathSegment(name, 'deployment name')}`;
}

function documentQueryParameters(query: DocumentQuery): Array<[string, string]> {
  const parameters: Array<[string, string]> = [];
  if (query.q !== undefined) parameters.push(['q', stringifyLossless(query.q)]);
  if (query.fields !== undefined) parameters.push(['fields', stringifyLossless(query.fields)]);
  if (query.sort !== undefined) parameters.push(['sort', stringifyLossless(query.sort)]);
  if (query.skip !== undefined && Number.isFinite(query.skip)) parameters.push(['skip', String(Math.max(0, Math.trunc(query.skip)))]);
  // Below 1 there is no page size to ask for: the parameter is left out and the service's default applies.
  if (query.limit !== undefined && Number.isFinite(query.limit) && Math.trunc(query.limit) >= 1) {
    parameters.push(['limit', String(Math.min(MAX_PAGE_SIZE, Math.trunc(query.limit)))]);
  }
  return parameters;
}
