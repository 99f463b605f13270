import type { DbHostApi, IndexDefinition } from '../api/types';
import type { JsonObject, JsonValue } from '../json/lossless';
import { displayId, sameDocumentId } from '../documents/documentId';
import { documentIdSegment } from '../api/documentIdSegment';
import { newObjectId } from '../documents/objectId';
import type { OutgoingRequest } from '../guardrails/requestText';
import { affectedTarget, affectedText } from '../guardrails/requestText';
import { stringifyLossless } from '../json/lossless';
import { aggregateWrites, planAggregateWrite } from './aggregateTool';
import { statusOf } from './notOffered';
import type { AggregateMemory } from './aggregateAbsence';
import { documentId, inputObject, optionalBoolean, requiredName, requiredObject, ToolInputError, updateOperators } from './toolInput';

/** A write tool's call, checked and turned into the exact request it sends (without the key), before anything is sent. */
export interface PlannedWrite {
  tool: string;
  request: OutgoingRequest;
  /** One line: what it does, e.g. "Update the document 6563… of shop.orders". */
  summary: string;
  /** What it affects, counted on the service with reads (the guardrails let reads through). */
  affected(api: DbHostApi): Promise<string>;
  /** Sends it; the answer for the model. */
  send(api: DbHostApi): Promise<string>;
}

const seg = (text: string) => encodeURIComponent(text);
const collectionPath = (db: string, col: string) => `/databases/${seg(db)}/collections/${seg(col)}`;

function namesOf(input: unknown, extra: readonly string[]) {
  const members = inputObject(input, ['database', 'collection', ...extra]);
  return { members, db: requiredName(members, 'database'), col: requiredName(members, 'collection') };
}

async function documentExists(api: DbHostApi, db: string, col: string, id: JsonValue): Promise<string> {
  const page = await api.listDocuments(db, col, { q: { _id: id }, limit: 1, fields: { _id: 1 } });
  const count = page.total ?? page.documents.length;
  return count === 0
    ? `Affects: nothing: no document of ${db}.${col} has the _id ${displayId(id)}.`
    : `Affects: the document ${displayId(id)} in ${db}.${col} (1 document matches).`;
}

const answerText = (answer: unknown) => stringifyLossless(answer);

/** Refuses to send when the document the path reaches is not the one confirmed (a string path falls back to other types). */
async function requireSameDocument(api: DbHostApi, db: string, col: string, id: JsonValue): Promise<void> {
  const found = await api.getDocument(db, col, id).then(
    (fetched) => fetched.document._id as JsonValue,
    (error: unknown) => {
      if (statusOf(error) !== 404) throw error;
      throw new Error(`Not sent: no document of ${db}.${col} has the _id ${stringifyLossless(id)}.`);
    },
  );
  if (!sameDocumentId(found, id)) {
    throw new Error(
      `Not sent: no document of ${db}.${col} has the _id ${stringifyLossless(id)}; the service would have reached the document with the _id ${stringifyLossless(found)} instead.`,
    );
  }
}

function planInsert(input: unknown): PlannedWrite {
  const { members, db, col } = namesOf(input, ['document']);
  const given = requiredObject(members, 'document');
  // The _id is chosen before sending, so the answer can name it whatever the service replies.
  const document: JsonObject = given._id === undefined ? { _id: { $oid: newObjectId() }, ...given } : given;
  return {
    tool: 'dbhost_insertDocument',
    request: { method: 'POST', path: `${collectionPath(db, col)}/documents`, body: { document, safe: true } },
    summary: `Insert one document into ${db}.${col}`,
    affected: async () => `Affects: one new document in ${db}.${col}, _id ${displayId(document._id)}.`,
    send: async (api) =>
      `Inserted into ${db}.${col}: _id ${stringifyLossless(document._id)}. The service answered ${answerText(await api.createDocument(db, col, document, { safe: true }))}.`,
  };
}

function planUpdateById(input: unknown): PlannedWrite {
  const { members, db, col } = namesOf(input, ['id', 'update']);
  const id = documentId(members);
  const update = updateOperators(members, 'update');
  return {
    tool: 'dbhost_updateDocument',
    request: {
      method: 'PUT',
      path: `${collectionPath(db, col)}/documents/${seg(documentIdSegment(id))}`,
      body: { document: update, safe: true },
    },
    summary: `Update the document ${displayId(id)} of ${db}.${col}`,
    affected: (api) => documentExists(api, db, col, id),
    send: async (api) => {
      await requireSameDocument(api, db, col, id);
      return `Updated the document ${displayId(id)} of ${db}.${col}. The service answered ${answerText(await api.updateDocument(db, col, id, update, { safe: true }))}.`;
    },
  };
}

function planUpdateMatching(input: unknown): PlannedWrite {
  const { members, db, col } = namesOf(input, ['filter', 'update', 'multi', 'upsert']);
  const criteria = requiredObject(members, 'filter');
  const object = updateOperators(members, 'update');
  const multi = optionalBoolean(members, 'multi') ?? false;
  const upsert = optionalBoolean(members, 'upsert') ?? false;
  const request: OutgoingRequest = {
    method: 'PUT',
    path: `${collectionPath(db, col)}/documents`,
    body: { criteria, object, upsert, multi, safe: true },
  };
  return {
    tool: 'dbhost_updateMatching',
    request,
    summary: `Update ${multi ? 'every document' : 'the first document'} of ${db}.${col} matching the filter`,
    affected: async (api) =>
      affectedText(affectedTarget(request), (await api.listDocuments(db, col, { q: criteria, limit: 1, fields: { _id: 1 } })).total),
    send: async (api) =>
      `Updated ${multi ? 'the matching documents' : 'the first matching document'} of ${db}.${col}. The service answered ${answerText(await api.updateDocuments(db, col, { criteria, object, upsert, multi, safe: true }))}.`,
  };
}

function planDelete(input: unknown): PlannedWrite {
  const { members, db, col } = namesOf(input, ['id']);
  const id = documentId(members);
  return {
    tool: 'dbhost_deleteDocument',
    request: { method: 'DELETE', path: `${collectionPath(db, col)}/documents/${seg(documentIdSegment(id))}` },
    summary: `Delete the document ${displayId(id)} of ${db}.${col} (irreversible)`,
    affected: (api) => documentExists(api, db, col, id),
    send: async (api) => {
      await requireSameDocument(api, db, col, id);
      return `Deleted the document ${displayId(id)} of ${db}.${col}. The service answered ${answerText(await api.deleteDocument(db, col, id))}.`;
    },
  };
}

function planCreateIndex(input: unknown): PlannedWrite {
  const { members, db, col } = namesOf(input, ['keys', 'unique', 'background']);
  const spec = requiredObject(members, 'keys');
  if (Object.keys(spec).length === 0) throw new ToolInputError('"keys" is empty: name at least one field, e.g. {"status": 1}.');
  for (const [field, direction] of Object.entries(spec)) {
    if (field.startsWith('$') || field.split('.').includes(''))
      throw new ToolInputError(`"keys": ${JSON.stringify(field)} is not a field path.`);
    if (direction !== 1 && direction !== -1 && direction !== '2d') {
      throw new ToolInputError(`"keys".${field} must be 1, -1 or "2d"; got ${stringifyLossless(direction)}.`);
    }
  }
  const index: IndexDefinition = {
    spec,
    background: optionalBoolean(members, 'background') ?? true,
    unique: optionalBoolean(members, 'unique') ?? false,
  };
  return {
    tool: 'dbhost_createIndex',
    request: { method: 'POST', path: `${collectionPath(db, col)}/indexes`, body: { ...index } },
    summary: `Create an index on ${db}.${col}`,
    affected: async () =>
      `Affects: the indexes of ${db}.${col}${index.unique ? ' (a unique index refuses documents with equal keys)' : ''}.`,
    send: async (api) =>
      `Created the index ${stringifyLossless(spec)} on ${db}.${col}. The service answered ${answerText(await api.createIndex(db, col, index))}.`,
  };
}

const PLANNERS: Record<string, (input: unknown) => PlannedWrite> = {
  dbhost_insertDocument: planInsert,
  dbhost_updateDocument: planUpdateById,
  dbhost_updateMatching: planUpdateMatching,
  dbhost_deleteDocument: planDelete,
  dbhost_createIndex: planCreateIndex,
};

export function isWriteTool(name: string): boolean {
  return Object.hasOwn(PLANNERS, name);
}

/** Whether this call writes: a write tool, or dbhost_aggregate with a pipeline that ends in $out/$merge. */
export function isWriteCall(name: string, input: unknown): boolean {
  return isWriteTool(name) || (name === 'dbhost_aggregate' && aggregateWrites(input));
}

/** The write a tool call would send; throws ToolInputError on input it cannot use. `aggregate`: see runReadTool. */
export function planWrite(name: string, input: unknown, aggregate?: AggregateMemory): PlannedWrite {
  if (name === 'dbhost_aggregate') return planAggregateWrite(input, aggregate);
  const planner = Object.hasOwn(PLANNERS, name) ? PLANNERS[name] : undefined;
  if (!planner) throw new Error(`No write tool named ${name}`);
  return planner(input);
}
