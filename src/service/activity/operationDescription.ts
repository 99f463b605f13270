import type { Doc, Value } from '../bson/extendedJson';
import { isPlainObject } from '../bson/extendedJson';
import type { Method } from '../http/method';
import type { Body } from '../http/params';

/** What of a request its description reads. */
export interface DescribedRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Body;
}

export type OperationKind = 'query' | 'insert' | 'update' | 'remove' | 'command';

/** What the database would have said it was doing for a request: its kind, namespace and query. */
export interface OperationDescription {
  op: OperationKind;
  db: string;
  ns: string;
  query?: Doc;
  orderby?: Doc;
  updateobj?: Doc;
  ntoskip?: number;
  ntoreturn?: number;
}

function queryParameter(query: URLSearchParams, name: string): Doc | undefined {
  const text = query.get(name);
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? (parsed as Doc) : undefined;
  } catch {
    return undefined;
  }
}

const docOf = (value: unknown): Doc | undefined => (isPlainObject(value) ? (value as Doc) : undefined);
const integer = (text: string | null): number | undefined => (text !== null && /^\d{1,9}$/.test(text) ? Number(text) : undefined);

/**
 * The operation a request to `pattern` (the route's segments) performs on a database, or undefined when it
 * touches none. The text of `q` and `sort` is read again here only for the record; the handler already
 * validated it.
 */
export function describeOperation(method: Method, pattern: string[], context: DescribedRequest): OperationDescription | undefined {
  const { params, query, body } = context;
  if (pattern[0] === 'copy_database' && typeof body.from === 'string' && typeof body.to === 'string')
    return { op: 'command', db: body.from, ns: 'admin.$cmd', query: { copydb: 1, fromdb: body.from, todb: body.to } };
  if (pattern[0] !== 'databases' || params.db === undefined) return undefined;
  const db = params.db;
  const col = params.col;
  const ns = col === undefined ? `${db}.$cmd` : `${db}.${col}`;
  const resource = pattern[pattern.length - 1].startsWith(':') ? pattern[pattern.length - 2] : pattern[pattern.length - 1];
  if (pattern[2] === 'ops') return { op: 'command', db, ns: `${db}.$cmd`, query: { currentOp: 1 } };
  if (resource === 'documents' && params.id === undefined) {
    if (method === 'GET') {
      return {
        op: 'query',
        db,
        ns,
        query: queryParameter(query, 'q') ?? {},
        orderby: queryParameter(query, 'sort'),
        ntoskip: integer(query.get('skip')) ?? 0,
        ntoreturn: integer(query.get('limit')) ?? 20,
      };
    }
    if (method === 'POST') return { op: 'insert', db, ns };
    return { op: 'update', db, ns, query: docOf(body.criteria) ?? {}, updateobj: docOf(body.object) };
  }
  if (resource === 'aggregate') return aggregateDescription(db, ns, body);
  if (resource === 'documents') {
    const byId: Doc = { _id: params.id as Value };
    if (method === 'GET') return { op: 'query', db, ns, query: byId, ntoreturn: 1 };
    if (method === 'PUT') return { op: 'update', db, ns, query: byId, updateobj: docOf(body.document) };
    return { op: 'remove', db, ns, query: byId };
  }
  const command: Doc = {};
  if (resource === 'indexes')
    command[method === 'POST' ? 'createIndexes' : method === 'DELETE' ? 'dropIndexes' : 'listIndexes'] = col ?? null;
  else if (resource === 'collections' && col !== undefined)
    command[method === 'GET' ? 'collStats' : method === 'PUT' ? 'renameCollection' : 'drop'] = col;
  else if (resource === 'collections')
    command[method === 'POST' ? 'create' : 'listCollections'] = method === 'POST' && typeof body.name === 'string' ? body.name : 1;
  else if (resource === 'users')
    command[method === 'POST' ? 'createUser' : method === 'DELETE' ? 'dropUser' : 'usersInfo'] = params.user ?? 1;
  else command[method === 'DELETE' ? 'dropDatabase' : 'dbStats'] = 1;
  return { op: 'command', db, ns: `${db}.$cmd`, query: command };
}

/** A pipeline ending in `$out` or `$merge` is a write (an insert or an update of its target); any other is a command. */
function aggregateDescription(db: string, ns: string, body: Body): OperationDescription {
  const pipeline = Array.isArray(body.pipeline) ? (body.pipeline as Value[]) : [];
  const last = docOf(pipeline[pipeline.length - 1]) ?? {};
  const op = '$out' in last ? 'insert' : '$merge' in last ? 'update' : 'command';
  return { op, db, ns, query: { aggregate: ns.slice(db.length + 1), pipeline } };
}
