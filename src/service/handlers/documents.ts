import type { Doc, Value } from '../bson/extendedJson';
import { valueKey } from '../bson/extendedJson';
import { ObjectId } from '../bson/objectId';
import { badRequest, notFound } from '../errors';
import type { Body } from '../http/params';
import { optionalBoolean, requireDocument } from '../http/params';
import type { Handler, RequestContext } from '../http/types';
import { OK } from '../http/types';
import { checkCollectionName } from '../names';
import { PaddingAllowance } from '../query/arrayPadding';
import { currentBudget, withBudget } from '../query/budget';
import {
  applyOperators,
  checkOperatorUpdate,
  checkReplacement,
  compileFilter,
  isOperatorUpdate,
  matching,
  replaceDocument,
  upsertSeed,
  validateStoredDocument,
} from '../query/engine';
import { planSummary } from '../query/indexes/planDescription';
import { findPageSliced, matchingSliced } from '../query/slicedScan';
import { notePlan } from '../activity/slowQueryLog';
import { parseListRequest } from './listRequest';
import { pushedDownPage } from './pushedDownPage';
import type { CollectionData, Entry } from '../query/collectionData';
import { documentSize } from '../query/collectionData';
import { duplicateKeyConflict } from '../query/duplicateKey';
import type { Mutation } from '../store/mutations';
import { pathIdCandidates } from './documentPathIds';
import { elapsed, logValue, requireCollection, requireDatabase } from './lookup';
import { insertIntoSystemUsers } from './users';
import { WriteRules } from './writeRules';

export const COUNT_HEADER = 'X-Service-Count';
/** The original's name for the same header, which its clients read. */
export const LEGACY_COUNT_HEADER = 'X-Mongohq-Count';

function requestedIds(context: RequestContext): Value[] {
  return pathIdCandidates(context.params.id, context.query.get('id_type'));
}

function requireDocumentEntry(data: CollectionData, context: RequestContext): Entry {
  for (const candidate of requestedIds(context)) {
    const entry = data.get(candidate);
    if (entry) return entry;
  }
  throw notFound(`Document "${context.params.id}" does not exist in ${context.params.db}.${context.params.col}`);
}

function duplicateKeyError(
  db: string,
  col: string,
  doc: Doc,
  data: CollectionData,
  replacing: Entry | undefined,
  claimed?: Map<string, Set<string>>,
): void {
  const index = data.conflict(doc, replacing, claimed);
  if (index) throw duplicateKeyConflict(`${db}.${col}`, index, doc);
}

export const listDocuments: Handler = async (context) => {
  const { account, params, query, thread } = context;
  const budget = currentBudget();
  const startedAt = performance.now();
  const data = requireCollection(account, params.db, params.col);
  const request = parseListRequest(query);
  const { q, sort, skip, limit } = request;
  const source = account.store.documents;
  const load = async () =>
    (await account.store.loadCollection?.(params.db, params.col)) ?? requireCollection(account, params.db, params.col);
  const page = source
    ? await pushedDownPage(source, { db: params.db, col: params.col, collection: data, load }, request, budget)
    : await findPageSliced(data, request, budget);
  notePlan(context, {
    planSummary: planSummary(page.plan),
    keysExamined: page.stats.keysExamined,
    docsExamined: page.stats.docsExamined,
    nreturned: page.documents.length,
  });
  account.logOperation(
    params.db,
    thread,
    `query ${params.db}.${params.col} query: ${logValue(q)}${sort ? ` orderby: ${logValue(sort)}` : ''} ntoskip:${skip} ntoreturn:${limit} nscanned:${page.scanned} nreturned:${page.documents.length} ${elapsed(startedAt)}`,
    false,
  );
  return { body: page.documents, headers: { [COUNT_HEADER]: String(page.total), [LEGACY_COUNT_HEADER]: String(page.total) } };
};

export const getDocument: Handler = async (context) => {
  const startedAt = performance.now();
  const { account, params, thread } = context;
  const data = requireCollection(account, params.db, params.col);
  const source = account.store.documents;
  const doc = source ? await source.byId(params.db, params.col, requestedIds(context)) : requireDocumentEntry(data, context).doc;
  if (!doc) throw notFound(`Document "${params.id}" does not exist in ${params.db}.${params.col}`);
  data.queryIndex('_id_')?.countAccess();
  account.logOperation(
    params.db,
    thread,
    () =>
      `query ${params.db}.${params.col} query: { _id: ${logValue(doc._id)} } idhack:1 nreturned:1 reslen:${documentSize(doc)} ${elapsed(startedAt)}`,
    false,
  );
  return { body: doc };
};

export const createDocument: Handler = (context) => {
  // The original's clients add a database user by inserting it into system.users; every other system. name stays refused.
  if (context.params.col === 'system.users') return insertIntoSystemUsers(context);
  return insertDocument(context);
};

const insertDocument: Handler = ({ account, params, body, thread }) => {
  const startedAt = performance.now();
  const database = requireDatabase(account, params.db);
  const document = requireDocument(body, 'document');
  const safe = optionalBoolean(body, 'safe', false);
  const mutations: Mutation[] = [];
  const data = database.collections.get(params.col);
  if (!data) {
    checkCollectionName(params.db, params.col);
    mutations.push({ op: 'createCollection', db: params.db, name: params.col });
  }
  const doc: Doc = '_id' in document ? document : { _id: ObjectId.generate(), ...document };
  validateStoredDocument(doc);
  if (data) duplicateKeyError(params.db, params.col, doc, data, undefined);
  const rules = new WriteRules(`${params.db}.${params.col}`, data?.rules);
  rules.insert(doc);
  mutations.push({ op: 'put', db: params.db, col: params.col, doc });
  account.store.commit(mutations, safe);
  account.logOperation(params.db, thread, () => `insert ${params.db}.${params.col} ninserted:1 keyUpdates:0 ${elapsed(startedAt)}`, true);
  return rules.reply();
};

function updatedDocument(existing: Doc, update: Doc, operators: boolean, allowance: PaddingAllowance): Doc {
  const next = operators ? applyOperators(existing, update, false, allowance) : replaceDocument(existing, update);
  if (valueKey(next._id) !== valueKey(existing._id)) throw badRequest('_id is immutable: an update cannot change or remove it');
  validateStoredDocument(next);
  return next;
}

export const updateDocument: Handler = (context) => {
  const startedAt = performance.now();
  const { account, params, body, thread } = context;
  const data = requireCollection(account, params.db, params.col);
  const update = requireDocument(body, 'document');
  const safe = optionalBoolean(body, 'safe', false);
  const entry = requireDocumentEntry(data, context);
  const next = updatedDocument(entry.doc, update, isOperatorUpdate(update), new PaddingAllowance());
  duplicateKeyError(params.db, params.col, next, data, entry);
  const rules = new WriteRules(`${params.db}.${params.col}`, data.rules);
  rules.update(entry.doc, next);
  account.store.commit([{ op: 'put', db: params.db, col: params.col, doc: next }], safe);
  account.logOperation(
    params.db,
    thread,
    `update ${params.db}.${params.col} query: { _id: ${logValue(next._id)} } update: ${logValue(update)} idhack:1 nMatched:1 nModified:1 ${elapsed(startedAt)}`,
    true,
  );
  return rules.reply();
};

function bulkOptions(body: Body) {
  return {
    criteria: requireDocument(body, 'criteria'),
    object: requireDocument(body, 'object'),
    upsert: optionalBoolean(body, 'upsert', false),
    multi: optionalBoolean(body, 'multi', false),
    safe: optionalBoolean(body, 'safe', false),
  };
}

/** The criteria and update checked before anything is looked up, so that a missing target is never a way around them. */
function checkBulkUpdate({ criteria, object, multi }: ReturnType<typeof bulkOptions>): void {
  const operators = isOperatorUpdate(object);
  if (multi && !operators) {
    throw badRequest('A multi update needs update operators such as $set; a replacement document can update only one document');
  }
  compileFilter(criteria);
  if (operators) checkOperatorUpdate(object);
  else checkReplacement(object);
}

export const updateDocuments: Handler = async ({ account, params, body, thread }) => {
  const startedAt = performance.now();
  const budget = currentBudget();
  const options = bulkOptions(body);
  withBudget(() => checkBulkUpdate(options), budget);
  requireDatabase(account, params.db);
  const scanned = requireDatabase(account, params.db).collections.get(params.col);
  // The scan lets other requests run between its slices, and any of them may change the collection.
  const found = scanned ? await matchingSliced(scanned, options.criteria, budget) : [];
  return withBudget(() => {
    const data = requireDatabase(account, params.db).collections.get(params.col);
    let matched = data && data === scanned ? stillMatching(data, found, options.criteria) : data ? matching(data, options.criteria) : [];
    // An upsert inserts only when nothing matches now: a match written during the scan must be updated, not doubled.
    if (matched.length === 0 && options.upsert && data && data === scanned) matched = matching(data, options.criteria);
    const rules = new WriteRules(`${params.db}.${params.col}`, data?.rules);
    const { mutations, modified, upserted } = bulkUpdateMutations(params.db, params.col, data, matched, options, rules);
    account.store.commit(mutations, options.safe);
    account.logOperation(
      params.db,
      thread,
      `update ${params.db}.${params.col} query: ${logValue(options.criteria)} update: ${logValue(options.object)} nscanned:${data?.count ?? 0} nMatched:${modified} nModified:${modified}${upserted ? ' upsert:1' : ''}${options.multi ? ' multi:1' : ''} ${elapsed(startedAt)}`,
      true,
    );
    return rules.reply();
  }, budget);
};

/**
 * The documents of a sliced scan as the collection holds them now: one deleted since is left out, and one
 * written since is tested again and updated from what is stored now, so that a write answered during the
 * scan is never overwritten with the version the scan saw.
 */
function stillMatching(data: CollectionData, found: Doc[], criteria: Doc): Doc[] {
  let test: ((doc: Doc) => boolean) | undefined;
  const current: Doc[] = [];
  for (const doc of found) {
    const stored = data.get(doc._id)?.doc;
    if (stored === doc) current.push(doc);
    else if (stored) {
      test ??= compileFilter(criteria);
      if (test(stored)) current.push(stored);
    }
  }
  return current;
}

function bulkUpdateMutations(
  db: string,
  col: string,
  data: CollectionData | undefined,
  matched: Doc[],
  options: ReturnType<typeof bulkOptions>,
  rules: WriteRules,
) {
  const { criteria, object, upsert, multi } = options;
  const operators = isOperatorUpdate(object);
  const mutations: Mutation[] = [];
  if (!data) {
    if (!upsert) throw notFound(`Collection "${col}" does not exist in database "${db}"`);
    checkCollectionName(db, col);
    mutations.push({ op: 'createCollection', db, name: col });
  }
  const targets = multi ? matched : matched.slice(0, 1);
  const claimed = new Map<string, Set<string>>();
  const allowance = new PaddingAllowance();
  for (const doc of targets) {
    const entry = data!.get(doc._id)!;
    const next = updatedDocument(doc, object, operators, allowance);
    duplicateKeyError(db, col, next, data!, entry, claimed);
    rules.update(doc, next);
    data!.claim(next, claimed);
    mutations.push({ op: 'put', db, col, doc: next });
  }
  let upserted = false;
  if (targets.length === 0 && upsert) {
    const seed = upsertSeed(criteria);
    let doc = operators
      ? applyOperators(seed, object, true, allowance)
      : { ...(seed._id !== undefined ? { _id: seed._id } : {}), ...object };
    if (doc._id === undefined) doc = { _id: ObjectId.generate(), ...doc };
    validateStoredDocument(doc);
    if (data) duplicateKeyError(db, col, doc, data, undefined);
    rules.insert(doc);
    mutations.push({ op: 'put', db, col, doc });
    upserted = true;
  }
  return { mutations, modified: targets.length, upserted };
}

export const deleteDocument: Handler = (context) => {
  const startedAt = performance.now();
  const { account, params, thread } = context;
  const data = requireCollection(account, params.db, params.col);
  const entry = requireDocumentEntry(data, context);
  account.store.commit([{ op: 'delete', db: params.db, col: params.col, id: entry.doc._id }], true);
  account.logOperation(
    params.db,
    thread,
    `remove ${params.db}.${params.col} query: { _id: ${logValue(entry.doc._id)} } ndeleted:1 keyUpdates:0 ${elapsed(startedAt)}`,
    true,
  );
  return OK;
};
