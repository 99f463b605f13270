import type { DbHostApi, DocumentQuery, FetchedDocument, FieldsSpec, SortSpec } from '../api/types';
import type { JsonObject } from '../json/lossless';
import { answersDocumentId } from '../api/documentIdSegment';
import { displayId } from '../documents/documentId';
import { sampleSchema } from '../schema/sampleSchema';
import { renderSchemaReport } from '../schema/schemaText';
import { boundedText, documentsAnswer, jsonAnswer } from './boundedAnswer';
import { cutDocumentText } from './cutDocument';
import { DEFAULT_LOG_LINES, MAX_ANSWER_CHARACTERS, MAX_LOG_LINES, MAX_TOOL_DOCUMENTS } from './toolDefinition';
import { documentId, inputObject, optionalInteger, optionalObject, requiredName } from './toolInput';
import { notOffered, statusOf } from './notOffered';
import { runAggregate } from './aggregateTool';
import type { AggregateMemory } from './aggregateAbsence';

type Runner = (api: DbHostApi, input: unknown, accountLabel: string, aggregate: AggregateMemory) => Promise<string>;

const COLLECTION_KEYS = ['database', 'collection'];
const QUERY_KEYS = [...COLLECTION_KEYS, 'filter', 'projection', 'sort', 'limit', 'skip'];

function collectionOf(input: unknown, extra: readonly string[] = []) {
  const members = inputObject(input, [...new Set([...COLLECTION_KEYS, ...extra])]);
  return { members, db: requiredName(members, 'database'), col: requiredName(members, 'collection') };
}

function queryOf(members: Record<string, unknown>): DocumentQuery {
  const q = optionalObject(members, 'filter');
  const fields = optionalObject(members, 'projection') as FieldsSpec | undefined;
  const sort = optionalObject(members, 'sort') as SortSpec | undefined;
  const skip = optionalInteger(members, 'skip', 0, Number.MAX_SAFE_INTEGER, 0);
  const limit = optionalInteger(members, 'limit', 1, MAX_TOOL_DOCUMENTS, 20);
  return { ...(q ? { q } : {}), ...(fields ? { fields } : {}), ...(sort ? { sort } : {}), skip, limit };
}

const withDatabase = (input: unknown) => requiredName(inputObject(input, ['database']), 'database');
const withDeployment = (input: unknown, extra: string[] = []) => requiredName(inputObject(input, ['deployment', ...extra]), 'deployment');

/** The last `count` lines of a log text. */
function lastLines(text: string, count: number): string {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines.slice(-count).join('\n');
}

const READ_RUNNERS: Record<string, Runner> = {
  dbhost_listDatabases: async (api, input) => {
    inputObject(input, []);
    return jsonAnswer('Databases (name, plan and what the service sent):', await api.listDatabases());
  },
  dbhost_listCollections: async (api, input) => {
    const db = withDatabase(input);
    return jsonAnswer(`Collections of ${db}:`, await api.listCollections(db));
  },
  dbhost_collectionSchema: async (api, input, accountLabel) => {
    const { members, db, col } = collectionOf(input, ['sampleSize']);
    const size = optionalInteger(members, 'sampleSize', 1, 1000, 1000);
    const { schema, total } = await sampleSchema(api, db, col, size);
    return boundedText(renderSchemaReport(schema, { accountLabel, db, col, total, sampledAt: new Date() }));
  },
  dbhost_find: async (api, input) => {
    const { members, db, col } = collectionOf(input, QUERY_KEYS);
    const query = queryOf(members);
    const page = await api.listDocuments(db, col, query);
    return documentsAnswer({ database: db, collection: col, documents: page.documents, total: page.total, skip: query.skip ?? 0 });
  },
  dbhost_count: async (api, input) => {
    const { members, db, col } = collectionOf(input, ['filter']);
    const q = optionalObject(members, 'filter');
    const page = await api.listDocuments(db, col, { ...(q ? { q } : {}), limit: 1 });
    if (page.total === undefined) return `The service did not send a count for ${db}.${col}.`;
    return `${page.total} document${page.total === 1 ? '' : 's'} of ${db}.${col} match${page.total === 1 ? 'es' : ''}${q ? ' the filter' : ' (no filter: the whole collection)'}.`;
  },
  dbhost_getDocument: async (api, input) => {
    const { members, db, col } = collectionOf(input, ['id']);
    const id = documentId(members);
    let fetched: FetchedDocument;
    try {
      fetched = await api.getDocument(db, col, id);
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
      return `No document of ${db}.${col} has the _id ${displayId(id)} (the service answered: ${error instanceof Error ? error.message : String(error)}).`;
    }
    const { document, text } = fetched;
    if (!answersDocumentId(document._id, id)) return `No document of ${db}.${col} has the _id ${displayId(id)}.`;
    const whole = `The document of ${db}.${col} (exactly as the service sent it):
${text}`;
    if (whole.length <= MAX_ANSWER_CHARACTERS) return whole;
    return `The document of ${db}.${col}. ${cutDocumentText(document, { database: db, collection: col }, MAX_ANSWER_CHARACTERS)}`;
  },
  dbhost_listIndexes: async (api, input) => {
    const { db, col } = collectionOf(input);
    return jsonAnswer(`Indexes of ${db}.${col}:`, await api.listIndexes(db, col));
  },
  dbhost_explain: async (api, input) => {
    const { members, db, col } = collectionOf(input, QUERY_KEYS);
    const answer = await notOffered(() => api.explain(db, col, queryOf(members)), 'Explain');
    return typeof answer === 'string' ? answer : jsonAnswer(`How the service runs this query on ${db}.${col}:`, answer);
  },
  dbhost_aggregate: (api, input, _label, aggregate) => runAggregate(api, input, aggregate),
  dbhost_slowQueries: async (api, input) => {
    const db = withDatabase(input);
    const answer = await notOffered(() => api.listSlowQueries(db), 'The slow query log');
    return typeof answer === 'string' ? answer : jsonAnswer(`Slow queries of ${db}, newest first (${answer.length}):`, answer);
  },
  dbhost_currentOperations: async (api, input) => {
    const db = withDatabase(input);
    const answer = await notOffered(() => api.listOperations(db), 'Current operations');
    return typeof answer === 'string' ? answer : jsonAnswer(`Operations in progress on ${db} (${answer.length}):`, answer);
  },
  dbhost_listDeployments: async (api, input) => {
    inputObject(input, []);
    return jsonAnswer('Deployments:', await api.listDeployments());
  },
  dbhost_deploymentStats: async (api, input) => {
    const name = withDeployment(input);
    const answer = await notOffered(() => api.getDeploymentStats(name), 'Deployment statistics');
    if (typeof answer === 'string') return answer;
    const latest: JsonObject = { ...answer };
    delete latest.samples; // the series before the latest: the latest members are what a model needs
    return jsonAnswer(`Latest statistics of ${name}:`, latest);
  },
  dbhost_deploymentLog: async (api, input) => {
    const members = inputObject(input, ['deployment', 'lines']);
    const name = withDeployment(members, ['lines']);
    const count = optionalInteger(members, 'lines', 1, MAX_LOG_LINES, DEFAULT_LOG_LINES);
    const entries = await api.getDeploymentLogs(name);
    if (entries.length === 0) return `The log of ${name} is empty.`;
    const parts = entries.map((entry) => `── ${entry.member ?? name}: last ${count} lines ──\n${lastLines(entry.log, count)}`);
    return boundedText(parts.join('\n'));
  },
};

export function isReadTool(name: string): boolean {
  return name in READ_RUNNERS;
}

/**
 * Runs a read tool with the input as the model sent it; throws ToolInputError on input it cannot use. `aggregate`:
 * what the caller remembers of the service's aggregation (without it, this call alone learns it).
 */
export function runReadTool(
  api: DbHostApi,
  name: string,
  input: unknown,
  accountLabel: string,
  aggregate: AggregateMemory = { label: accountLabel, known: () => false, learnt: () => undefined },
): Promise<string> {
  const runner = Object.hasOwn(READ_RUNNERS, name) ? READ_RUNNERS[name] : undefined;
  if (!runner) throw new Error(`No read tool named ${name}`);
  return runner(api, input, accountLabel, aggregate);
}
