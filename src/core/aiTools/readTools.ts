import type { AiToolDefinition, InputSchema } from './toolDefinition';
import { COLLECTION, DATABASE, DEFAULT_LOG_LINES, DOCUMENT_ID, FILTER, MAX_LOG_LINES, MAX_TOOL_DOCUMENTS } from './toolDefinition';

const CUT = 'Answers are cut at 32,000 characters and say so.';
const NAMES = { database: DATABASE, collection: COLLECTION };
const PAGE_LIMIT = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_TOOL_DOCUMENTS,
  description: `Documents to return, 1 to ${MAX_TOOL_DOCUMENTS}; default 20.`,
};
const SKIP = {
  type: 'integer',
  minimum: 0,
  description: 'Documents to skip first (paging); default 0. The answer says which skip gives the next page.',
};
const SORT = { type: 'object', description: 'Sort specification, e.g. {"total": -1, "_id": 1} (1 ascending, -1 descending).' };
const PROJECTION = {
  type: 'object',
  description: 'Fields to return, e.g. {"name": 1, "total": 1} (only these and _id) or {"history": 0} (all but these).',
};

/** A find's inputs: dbhost_find and dbhost_explain take the same. */
const QUERY_INPUT: InputSchema = {
  type: 'object',
  properties: { ...NAMES, filter: FILTER, projection: PROJECTION, sort: SORT, limit: PAGE_LIMIT, skip: SKIP },
  required: ['database', 'collection'],
};

export const READ_TOOLS: readonly AiToolDefinition[] = [
  {
    name: 'dbhost_listAccounts',
    displayName: 'DB Host: list accounts',
    modelDescription:
      'Lists the DB Host accounts configured in the editor: label, service address and guardrails mode (Normal: writes allowed; Confirm writes: the user confirms each write; Read-only: writes are refused). Pass a label as "account" to the other dbhost tools. Never shows API keys.',
    inputSchema: { type: 'object', properties: {} },
    write: false,
    extensionOnly: true,
  },
  {
    name: 'dbhost_listDatabases',
    displayName: 'DB Host: list databases',
    modelDescription: `Lists the databases of the account with their plan. Start here to learn what exists. ${CUT}`,
    inputSchema: { type: 'object', properties: {} },
    write: false,
  },
  {
    name: 'dbhost_listCollections',
    displayName: 'DB Host: list collections',
    modelDescription: `Lists the collections of one database with their document counts. Example: {"database": "shop"}. ${CUT}`,
    inputSchema: { type: 'object', properties: { database: DATABASE }, required: ['database'] },
    write: false,
  },
  {
    name: 'dbhost_collectionSchema',
    displayName: 'DB Host: collection schema',
    modelDescription:
      'Samples up to 1,000 documents of a collection (100 per request) and lists every field path, nested and inside arrays, with its types and how often each appears, e.g. "total: number 98% · string 2%". Use it before writing a filter or an update to learn the field names. Example: {"database": "shop", "collection": "orders"}. ' +
      CUT,
    inputSchema: {
      type: 'object',
      properties: {
        ...NAMES,
        sampleSize: { type: 'integer', minimum: 1, maximum: 1000, description: 'Documents to sample; default 1000.' },
      },
      required: ['database', 'collection'],
    },
    write: false,
  },
  {
    name: 'dbhost_find',
    displayName: 'DB Host: find documents',
    modelDescription: `Finds documents of a collection. Returns at most ${MAX_TOOL_DOCUMENTS} documents (default 20) and 32,000 characters, with the total that match; when cut it says which "skip" gives the next page. Numbers are exact as stored (64-bit integers keep every digit). Example: {"database": "shop", "collection": "orders", "filter": {"status": "paid"}, "projection": {"total": 1}, "sort": {"total": -1}, "limit": 5}.`,
    inputSchema: QUERY_INPUT,
    write: false,
  },
  {
    name: 'dbhost_count',
    displayName: 'DB Host: count documents',
    modelDescription:
      'Counts the documents of a collection that match a filter (all of them without one). Example: {"database": "shop", "collection": "orders", "filter": {"status": "paid"}}.',
    inputSchema: { type: 'object', properties: { ...NAMES, filter: FILTER }, required: ['database', 'collection'] },
    write: false,
  },
  {
    name: 'dbhost_getDocument',
    displayName: 'DB Host: get a document',
    modelDescription: `Reads one document by its _id, numbers exact as stored. Example: {"database": "shop", "collection": "orders", "id": {"$oid": "6563a0c1e4b0a1b2c3d4e5f6"}}. A document larger than 32,000 characters comes with its top-level fields that fit, whole, the fields not shown with their sizes, and the exact dbhost_find calls (a filter on its _id and a projection) that read the rest.`,
    inputSchema: { type: 'object', properties: { ...NAMES, id: DOCUMENT_ID }, required: ['database', 'collection', 'id'] },
    write: false,
  },
  {
    name: 'dbhost_listIndexes',
    displayName: 'DB Host: list indexes',
    modelDescription:
      'Lists the indexes of a collection: name, key, unique and, where the service counts them, how many queries each served. Example: {"database": "shop", "collection": "orders"}.',
    inputSchema: { type: 'object', properties: NAMES, required: ['database', 'collection'] },
    write: false,
  },
  {
    name: 'dbhost_explain',
    displayName: 'DB Host: explain a query',
    modelDescription:
      'Explains how the service runs a query without returning its documents: the stage (COLLSCAN a full scan, IXSCAN an index walk, IDHACK an _id lookup), the index, keys and documents examined, documents returned, whether the sort is in memory. Use it to tell whether an index serves a query. Same inputs as dbhost_find. Some services do not offer explain; the answer then says so. Example: {"database": "shop", "collection": "orders", "filter": {"status": "paid"}, "sort": {"total": -1}}.',
    inputSchema: QUERY_INPUT,
    write: false,
  },
  {
    name: 'dbhost_slowQueries',
    displayName: 'DB Host: slow queries',
    modelDescription: `Lists the slow query log of a database, newest first: the operation, namespace, duration in milliseconds, plan summary, keys and documents examined. Example: {"database": "shop"}. ${CUT} Some services do not offer it; the answer then says so.`,
    inputSchema: { type: 'object', properties: { database: DATABASE }, required: ['database'] },
    write: false,
  },
  {
    name: 'dbhost_currentOperations',
    displayName: 'DB Host: current operations',
    modelDescription: `Lists the operations in progress on a database (as MongoDB's currentOp: op, ns, secs_running, msg, progress of index builds). Example: {"database": "shop"}. ${CUT}`,
    inputSchema: { type: 'object', properties: { database: DATABASE }, required: ['database'] },
    write: false,
  },
  {
    name: 'dbhost_listDeployments',
    displayName: 'DB Host: list deployments',
    modelDescription:
      'Lists the deployments of the account: their names (host:port or a replica-set name), to pass to dbhost_deploymentStats and dbhost_deploymentLog. Only larger plans have deployments.',
    inputSchema: { type: 'object', properties: {} },
    write: false,
  },
  {
    name: 'dbhost_deploymentStats',
    displayName: 'DB Host: deployment statistics',
    modelDescription: `The latest statistics of a deployment, per member: memory, operation counters, connections (the service's own field names). Example: {"deployment": "db-1.example.net:10005"}. ${CUT}`,
    inputSchema: {
      type: 'object',
      properties: { deployment: { type: 'string', description: 'Deployment name from dbhost_listDeployments.' } },
      required: ['deployment'],
    },
    write: false,
  },
  {
    name: 'dbhost_deploymentLog',
    displayName: "DB Host: a deployment's log",
    modelDescription: `The last lines of a deployment's server log, per member (default ${DEFAULT_LOG_LINES}, at most ${MAX_LOG_LINES}). Example: {"deployment": "db-1.example.net:10005", "lines": 50}. ${CUT}`,
    inputSchema: {
      type: 'object',
      properties: {
        deployment: { type: 'string', description: 'Deployment name from dbhost_listDeployments.' },
        lines: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_LOG_LINES,
          description: `Lines per member, from the end; default ${DEFAULT_LOG_LINES}.`,
        },
      },
      required: ['deployment'],
    },
    write: false,
  },
];
