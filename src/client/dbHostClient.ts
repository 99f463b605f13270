import { isJsonObject } from '../core/json/lossless';
import type { JsonObject, JsonValue } from '../core/json/lossless';
import type { UpdatePreview, UpdatePreviewRequest } from '../core/bulk/updatePreview';
import { toUpdatePreview } from '../core/bulk/updatePreview';
import type { ExplainAnswer } from '../core/api/explainTypes';
import type { CopyDatabaseAnswer, DatabaseUserRecord, DeploymentStatistics } from '../core/api/originalTypes';
import type { CollectionRulesUpdate } from '../core/api/collectionRules';
import { UnexpectedShape, toDeploymentLog, toDocuments, toObject, toRecord, toRecordList } from './responseShapes';
import type { RecordShape } from './responseShapes';
import { pathSegment } from './serviceAddress';
import { ServiceCalls, canParse, isJsonContent } from './serviceCalls';
import {
  collectionPath,
  countOf,
  databasePath,
  deploymentPath,
  documentTarget,
  documentQueryParameters,
  slowQueriesPath,
  withoutUndefined,
} from './servicePaths';
import type { ServiceRequest } from './transport';
import type {
  AggregateOptions,
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

export type { DbHostClientOptions } from './serviceCalls';

const DATABASE: RecordShape = { key: 'name', fallbacks: ['db'], numericKey: false };
const COLLECTION: RecordShape = { key: 'name', fallbacks: [], numericKey: false };
const INDEX: RecordShape = { key: 'name', fallbacks: [], numericKey: false };
const DEPLOYMENT: RecordShape = { key: 'name', fallbacks: [], numericKey: false };
const INVOICE: RecordShape = { key: 'id', fallbacks: ['_id'], numericKey: true };
const USER: RecordShape = { key: 'user', fallbacks: ['name'], numericKey: false };
const PLAN: RecordShape = { key: 'slug', fallbacks: ['name'], numericKey: false };

/** One method per endpoint of the service interface, over HTTP (how they call it: {@link ServiceCalls}). */
export class DbHostClient extends ServiceCalls implements DbHostApi {
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

  /** Sets the collection's validation rules (issue 33): the same PUT as a rename, with the rules instead of a name. */
  async setCollectionRules(db: string, col: string, rules: CollectionRulesUpdate, options?: CallOptions): Promise<ServiceAnswer> {
    const { validator, validationLevel, validationAction } = rules;
    return this.write({
      method: 'PUT',
      path: collectionPath(db, col),
      body: withoutUndefined({ validator, validationLevel, validationAction }),
      options,
    });
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

  async getDocument(db: string, col: string, id: JsonValue, options?: CallOptions): Promise<FetchedDocument> {
    const request: ServiceRequest = { method: 'GET', ...documentTarget(db, col, id), options };
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
    id: JsonValue,
    update: UpdateDirectives,
    write: WriteOptions = {},
    options?: CallOptions,
  ): Promise<ServiceAnswer> {
    return this.write({
      method: 'PUT',
      ...documentTarget(db, col, id),
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

  async deleteDocument(db: string, col: string, id: JsonValue, options?: CallOptions): Promise<ServiceAnswer> {
    return this.write({ method: 'DELETE', ...documentTarget(db, col, id), options });
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

  /** The results of a pipeline (issue 31): a POST that reads unless the pipeline ends in `$out`/`$merge`. */
  async aggregate(db: string, col: string, pipeline: readonly JsonObject[], options: AggregateOptions = {}): Promise<DocumentPage> {
    const { limit, ...call } = options;
    const request: ServiceRequest = {
      method: 'POST',
      path: `${collectionPath(db, col)}/aggregate`,
      body: withoutUndefined({ pipeline, limit }),
      options: call,
    };
    const { answer, value } = await this.fetchJson(request);
    return { documents: this.shaped(request, answer, () => toDocuments(value)), total: countOf(answer) };
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
}
