import { isPlainObject } from '../bson/extendedJson';
import { badRequest, conflict, notFound } from '../errors';
import { optionalBoolean, optionalNumber } from '../http/params';
import type { Handler } from '../http/types';
import { OK } from '../http/types';
import type { CollectionData, Entry } from '../query/collectionData';
import { buildInBackground } from './indexBuild';
import { ID_INDEX, indexKeysOf } from '../query/collectionData';
import { buildDuplicateConflict } from '../query/duplicateKey';
import type { BuildProgress } from '../store/storeIndexBuilds';
import { createInStore } from './storeIndexBuild';
import type { Mutation } from '../store/mutations';
import type { IndexSpec } from '../query/indexes/indexSpec';
import { checkPath } from '../query/reservedNames';
import { elapsed, logValue, requireCollection } from './lookup';

const SPECIAL_KINDS = new Set(['2d', '2dsphere', 'geoHaystack', 'text', 'hashed']);

function parseKey(raw: unknown): Record<string, number | string> {
  if (raw === undefined) throw badRequest('The body needs "spec", a JSON object mapping field names to directions such as {"name": 1}');
  if (!isPlainObject(raw)) throw badRequest('"spec" must be a JSON object mapping field names to directions such as {"name": 1}');
  const fields = Object.entries(raw);
  if (fields.length === 0) throw badRequest('"spec" must name at least one field');
  if (fields.length > 31) throw badRequest('An index can have at most 31 fields');
  const key: Record<string, number | string> = {};
  for (const [field, direction] of fields) {
    if (field.length === 0 || field.startsWith('$') || field === '__proto__')
      throw badRequest(`"${field}" is not a field name an index can use`);
    if (field.split('.').includes(''))
      throw badRequest(`The index field "${field}" has an empty part: a path is names joined by single dots`);
    checkPath(field, 'The index field');
    if (direction === 1 || direction === -1) key[field] = direction;
    else if (typeof direction === 'string' && SPECIAL_KINDS.has(direction)) key[field] = direction;
    else throw badRequest(`The direction of "${field}" in "spec" must be 1, -1 or one of ${[...SPECIAL_KINDS].join(', ')}`);
  }
  return key;
}

export const indexName = (key: Record<string, number | string>): string =>
  Object.entries(key)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');

const sameKey = (a: IndexSpec['key'], b: IndexSpec['key']) => JSON.stringify(a) === JSON.stringify(b);

/** An index as the database lists it, with its usage since the service started (as `$indexStats` gives it) and a build's progress. */
function indexRecord(db: string, col: string, index: IndexSpec, data: CollectionData, stored?: BuildProgress): Record<string, unknown> {
  const record: Record<string, unknown> = { v: 1, key: index.key, ns: `${db}.${col}`, name: index.name };
  if (index.unique) record.unique = true;
  if (index.background !== undefined) record.background = index.background;
  if (index.dropDups) record.dropDups = true;
  if (index.min !== undefined) record.min = index.min;
  if (index.max !== undefined) record.max = index.max;
  const ordered = data.queryIndex(index.name);
  if (ordered) record.accesses = { ops: ordered.accesses.ops, since: ordered.accesses.since };
  const build = ordered?.build ?? stored;
  if (build) {
    record.building = true;
    record.progress = { done: Math.min(build.done, build.total), total: build.total };
  }
  return record;
}

export const getIndex: Handler = ({ account, params }) => {
  const data = requireCollection(account, params.db, params.col);
  const index = data.indexes.find((candidate) => candidate.name === params.ind);
  if (!index) throw notFound(`Index "${params.ind}" does not exist on ${params.db}.${params.col}`);
  return { body: indexRecord(params.db, params.col, index, data, account.store.indexBuilds?.building(params.db, params.col, index.name)) };
};

export const listIndexes: Handler = ({ account, params }) => {
  const data = requireCollection(account, params.db, params.col);
  const builds = account.store.indexBuilds;
  return {
    body: data.indexes.map((index) => indexRecord(params.db, params.col, index, data, builds?.building(params.db, params.col, index.name))),
  };
};

/** The database's limit on the indexes of one collection. */
export const MAX_INDEXES_PER_COLLECTION = 64;

export const createIndex: Handler = (context) => {
  const { account, params, body, thread } = context;
  const startedAt = performance.now();
  const data = requireCollection(account, params.db, params.col);
  const key = parseKey(body.spec);
  const unique = optionalBoolean(body, 'unique', false);
  const dropDups = optionalBoolean(body, 'drop_dups', false);
  const index: IndexSpec = {
    name: sameKey(key, ID_INDEX.key) ? ID_INDEX.name : indexName(key),
    key,
    background: optionalBoolean(body, 'background', true),
  };
  if (unique) index.unique = true;
  if (dropDups) index.dropDups = true;
  const min = optionalNumber(body, 'min');
  const max = optionalNumber(body, 'max');
  if (min !== undefined) index.min = min;
  if (max !== undefined) index.max = max;
  if (min !== undefined && max !== undefined && min >= max) throw badRequest('"min" must be lower than "max"');

  const existing = data.indexes.find((candidate) => candidate.name === index.name);
  if (existing) {
    if (index.name === ID_INDEX.name || (sameKey(existing.key, key) && Boolean(existing.unique) === unique)) return OK;
    throw conflict(`An index named "${index.name}" already exists with different options; drop it first`);
  }
  if (data.indexes.length >= MAX_INDEXES_PER_COLLECTION) {
    throw badRequest(
      `A collection can have at most ${MAX_INDEXES_PER_COLLECTION} indexes (the database's limit, _id_ included); drop one before creating another`,
    );
  }
  // A collection the store keeps without having loaded it: the store scans it and builds the index.
  const builds = account.store.indexBuilds;
  if (builds && !data.loaded) return createInStore(context, builds, index, startedAt);
  const mutations: Mutation[] = [];
  if (unique) {
    const seen = new Map<string, Entry>();
    for (const entry of data.entries) {
      const keys = indexKeysOf(index, entry.doc);
      if (keys.some((k) => seen.has(k))) {
        if (!dropDups) throw buildDuplicateConflict(`${params.db}.${params.col}`, index, entry.doc);
        mutations.push({ op: 'delete', db: params.db, col: params.col, id: entry.doc._id });
        continue;
      }
      for (const k of keys) seen.set(k, entry);
    }
  }
  mutations.push({ op: 'createIndex', db: params.db, col: params.col, index });
  // A unique index is built at once, so that no write slips a duplicate past the check above.
  const background = index.background !== false && !unique && data.count > 0;
  if (background) data.deferBuild(index.name);
  try {
    account.store.commit(mutations, true);
  } finally {
    data.cancelDeferredBuild(index.name);
  }
  const built = data.queryIndex(index.name);
  if (background && built?.build) {
    void buildInBackground(account, params.db, params.col, data, built, thread);
    account.logOperation(
      params.db,
      thread,
      `build index ${params.db}.${params.col} ${logValue(key)} background started ${elapsed(startedAt)}`,
      true,
    );
    return OK;
  }
  account.logOperation(
    params.db,
    thread,
    `build index ${params.db}.${params.col} ${logValue(key)}${unique ? ' unique' : ''}; done, scanned ${data.count + mutations.length - 1} records, ${mutations.length - 1} duplicates dropped ${elapsed(startedAt)}`,
    true,
  );
  return OK;
};

export const dropIndex: Handler = ({ account, params, thread }) => {
  const startedAt = performance.now();
  const data = requireCollection(account, params.db, params.col);
  if (params.ind === ID_INDEX.name) throw badRequest('The _id_ index cannot be dropped');
  if (!data.indexes.some((index) => index.name === params.ind))
    throw notFound(`Index "${params.ind}" does not exist on ${params.db}.${params.col}`);
  account.store.commit([{ op: 'dropIndex', db: params.db, col: params.col, name: params.ind }], true);
  account.logOperation(
    params.db,
    thread,
    `command ${params.db}.$cmd command: { dropIndexes: ${JSON.stringify(params.col)}, index: ${JSON.stringify(params.ind)} } ${elapsed(startedAt)}`,
    true,
  );
  return OK;
};

export const dropAllIndexes: Handler = ({ account, params, thread }) => {
  const startedAt = performance.now();
  const data = requireCollection(account, params.db, params.col);
  const mutations = data.indexes
    .filter((index) => index.name !== ID_INDEX.name)
    .map((index): Mutation => ({ op: 'dropIndex', db: params.db, col: params.col, name: index.name }));
  account.store.commit(mutations, true);
  account.logOperation(
    params.db,
    thread,
    `command ${params.db}.$cmd command: { dropIndexes: ${JSON.stringify(params.col)}, index: "*" } ${elapsed(startedAt)}`,
    true,
  );
  return OK;
};
