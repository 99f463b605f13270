import type { Doc, Value } from '../bson/extendedJson';
import { cloneDoc, cloneValue, isPlainObject, MAX_DEPTH, valueKey } from '../bson/extendedJson';
import { bsonSize, MAX_BSON_BYTES } from '../bson/bsonSize';
import { ObjectId } from '../bson/objectId';
import { fillArrayHoles, unstorableReason } from '../bson/storable';
import { badRequest } from '../errors';
import type { CollectionData } from './collectionData';
import { PaddingAllowance } from './arrayPadding';
import { find, MINGO_OPTIONS, Query, update } from './boundedMingo';
import { comparable, viewOf } from './comparable';
import { resolveInt64Arithmetic } from './int64Updates';
import { spendWork } from './budget';
import { checkExpressionShape, checkProjectionShape, checkSortShape } from './limits';
import { inPushableSteps } from './largeEach';
import { checkRegexes } from './regexSafety';
import { checkPathsIn, RESERVED_FIELD_NAMES } from './reservedNames';
import { checkUpdatePaths } from './updatePaths';
import { checkOperandTypes } from './operandTypes';
import { resolveAddToSet } from './addToSet';
import { SUPPORTED_OPERATORS as SUPPORTED_UPDATE_OPERATORS } from '../../core/bulk/updateOperators';

/** mingo throws for operators it does not know or arguments of the wrong kind: those are the caller's mistakes. */
function asBadInput<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if ((error as { status?: number }).status !== undefined) throw error;
    const message = error instanceof RangeError ? 'it is too deeply nested' : (error as Error).message;
    throw badRequest(`Invalid ${what}: ${message}`);
  }
}

export function compileFilter(q: Doc): (doc: Doc) => boolean {
  checkExpressionShape(q, 'query');
  checkRegexes(q);
  checkPathsIn(q, 'The query names the field');
  const query = asBadInput('query', () => new Query(comparable(q), MINGO_OPTIONS));
  return (doc) => asBadInput('query', () => query.test(viewOf(doc)));
}

function sortDocs(docs: Doc[], sort: Doc): Doc[] {
  checkPathsIn(sort, 'The sort names the field');
  // A comparison usually stops at the first key: n·log n comparisons, plus reading every key of every document.
  spendWork(Math.ceil(docs.length * Math.log2(docs.length + 1)) + docs.length * Object.keys(sort).length, 'sorting');
  const byView = new Map<Doc, Doc>(docs.map((doc) => [viewOf(doc), doc]));
  const sorted = asBadInput(
    'sort',
    () =>
      find([...byView.keys()], {}, undefined, MINGO_OPTIONS)
        .sort(comparable(sort))
        .all() as Doc[],
  );
  return sorted.map((view) => byView.get(view)!);
}

/** `{_id: <scalar>}`: answered from the `_id` map instead of a scan. */
export function idLookup(q: Doc): Value | undefined {
  const keys = Object.keys(q);
  if (keys.length !== 1 || keys[0] !== '_id') return undefined;
  const id = q._id;
  if (typeof id === 'string' || typeof id === 'number' || id instanceof ObjectId || id instanceof Date) return id;
  return undefined;
}

/** The documents matching `q`, in natural order. */
export function matching(collection: CollectionData, q: Doc): Doc[] {
  if (Object.keys(q).length === 0) return collection.entries.map((entry) => entry.doc);
  const id = idLookup(q);
  if (id !== undefined) {
    const entry = collection.get(id);
    return entry ? [entry.doc] : [];
  }
  const test = compileFilter(q);
  const result: Doc[] = [];
  for (const entry of collection.entries) {
    spendWork(1, 'scanning documents');
    if (test(entry.doc)) result.push(entry.doc);
  }
  return result;
}

export interface PageRequest {
  q: Doc;
  sort?: Doc;
  projection?: Doc;
  skip: number;
  limit: number;
}

/** What the caller found already (see slicedScan.ts): the documents matching `request.q`, in order when the request's sort is left out. */
export type FoundAlready = Doc[];

export function findPage(
  collection: CollectionData,
  request: PageRequest,
  already?: FoundAlready,
): { documents: Doc[]; total: number; scanned: number } {
  const matched = already;
  let total: number;
  let page: Doc[];
  if (request.sort) checkSortShape(request.sort);
  if (request.projection) checkProjectionShape(request.projection);
  if (Object.keys(request.q).length === 0 && !request.sort && !matched) {
    total = collection.count;
    page = collection.entries.slice(request.skip, request.skip + request.limit).map((entry) => entry.doc);
  } else {
    const found = matched ?? matching(collection, request.q);
    total = found.length;
    if (request.sort && Object.keys(request.sort).length > 0) {
      const sort = request.sort;
      page = sortDocs(found, sort).slice(request.skip, request.skip + request.limit);
    } else {
      page = found.slice(request.skip, request.skip + request.limit);
    }
  }
  return { documents: project(page, request.projection), total, scanned: collection.count };
}

/** The page with only the fields the projection ("fields") asks for. */
export function project(page: Doc[], projection: Doc | undefined): Doc[] {
  if (!projection || Object.keys(projection).length === 0) return page;
  checkRegexes(projection);
  checkPathsIn(projection, 'The projection ("fields") names the field', true);
  spendWork(page.length * Object.keys(projection).length, 'projecting');
  // The projection copies only the top level: one leaving out a nested field ("o.z": 0) would delete it from the
  // stored document itself, so those documents are copied first.
  const nested = Object.keys(projection).some((field) => field.includes('.'));
  const docs = nested ? page.map((doc) => cloneDoc(doc)) : page;
  return asBadInput('fields', () => find(docs, {}, projection, MINGO_OPTIONS).all() as Doc[]);
}

/** true for `{$set: …}`-style updates, false for a plain replacement document; a mix is refused. */
export function isOperatorUpdate(updateDoc: Doc): boolean {
  const keys = Object.keys(updateDoc);
  const operators = keys.filter((key) => key.startsWith('$')).length;
  if (operators > 0 && operators < keys.length)
    throw badRequest('An update mixes update operators ($set, $inc, …) with plain fields; use one or the other');
  return keys.length > 0 && operators === keys.length;
}

/** The operators the service applies: the same list the extension checks updates against (core/bulk/updateOperators.ts). */
const SUPPORTED_OPERATORS = new Set<string>(SUPPORTED_UPDATE_OPERATORS);

/** What an operator update must be whatever it is applied to: known operators, object arguments, safe paths and regexes. */
export function checkOperatorUpdate(updateDoc: Doc): void {
  for (const operator of Object.keys(updateDoc)) {
    if (!SUPPORTED_OPERATORS.has(operator)) throw badRequest(`Unknown update operator ${operator}`);
    if (!isPlainObject(updateDoc[operator])) throw badRequest(`The argument of ${operator} must be an object`);
  }
  checkExpressionShape(updateDoc, 'update');
  checkUpdatePaths(updateDoc);
  checkRegexes(updateDoc.$pull);
}

/** What a replacement document must be whatever it replaces: storable field names and no array `_id`. */
export function checkReplacement(replacement: Doc): void {
  checkFieldNames(replacement, 0);
  if (Array.isArray(replacement._id)) throw badRequest('_id cannot be an array');
}

/**
 * Applies update operators to a copy of `doc`; `$setOnInsert` counts only when the update inserts.
 * A request updating several documents passes one `allowance` for all of them.
 */
export function applyOperators(doc: Doc, updateDoc: Doc, inserting: boolean, allowance = new PaddingAllowance()): Doc {
  checkOperatorUpdate(updateDoc);
  checkOperandTypes(doc, updateDoc);
  const modifier = resolveAddToSet(doc, resolveInt64Arithmetic(doc, cloneDoc(updateDoc)));
  const setOnInsert = modifier.$setOnInsert as Doc | undefined;
  delete modifier.$setOnInsert;
  if (inserting && setOnInsert) modifier.$set = { ...((modifier.$set as Doc | undefined) ?? {}), ...setOnInsert };
  allowance.spend(doc, modifier);
  const result = cloneDoc(doc);
  if (Object.keys(modifier).length > 0) {
    for (const step of inPushableSteps(modifier)) {
      asBadInput('update', () => update(result, step as Parameters<typeof update>[1], undefined, undefined, { cloneMode: 'none' }));
    }
    fillArrayHoles(result);
  }
  return result;
}

/** A replacement keeps the stored `_id`; naming a different one is refused. */
export function replaceDocument(existing: Doc, replacement: Doc): Doc {
  if ('_id' in replacement && valueKey(replacement._id) !== valueKey(existing._id))
    throw badRequest('_id is immutable: a replacement document cannot change it');
  return { _id: existing._id, ...cloneDoc(replacement) };
}

/** The document an upsert starts from: the equality conditions of the criteria. */
export function upsertSeed(criteria: Doc): Doc {
  const seed: Doc = {};
  for (const [field, condition] of Object.entries(criteria)) {
    if (field.startsWith('$') || field.includes('.')) continue;
    if (isPlainObject(condition) && Object.keys(condition).some((key) => key.startsWith('$'))) {
      if (Object.keys(condition).length === 1 && '$eq' in condition) seed[field] = cloneValue(condition.$eq as Value);
      continue;
    }
    seed[field] = cloneValue(condition);
  }
  return seed;
}

function checkFieldNames(value: Value, depth: number): void {
  if (depth > MAX_DEPTH) throw badRequest(`A document is nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) {
    for (const item of value) checkFieldNames(item, depth + 1);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith('$')) throw badRequest(`Field names cannot start with "$" ("${key}")`);
    if (key.includes('.')) throw badRequest(`Field names cannot contain "." ("${key}")`);
    if (key.includes('\u0000')) throw badRequest('Field names cannot contain a NUL character');
    if (RESERVED_FIELD_NAMES.has(key))
      throw badRequest(
        `The field name "${key}" is refused: the local service refuses "__proto__", "constructor" and "prototype" in field names and paths, because they would reach JavaScript's shared object prototypes`,
      );
    checkFieldNames(item, depth + 1);
  }
}

/** What the database checks before storing a document. */
export function validateStoredDocument(doc: Doc): void {
  checkFieldNames(doc, 0);
  const unstorable = unstorableReason(doc);
  if (unstorable) throw badRequest(`The document cannot be stored: ${unstorable}; nothing was changed`);
  const id = doc._id;
  if (id === undefined) throw badRequest('A document needs an _id');
  if (Array.isArray(id)) throw badRequest('_id cannot be an array');
  const size = bsonSize(doc);
  if (size > MAX_BSON_BYTES) {
    throw badRequest(
      `The document would be ${size} bytes of BSON, over the database's limit of ${MAX_BSON_BYTES} bytes (16 MB); nothing was stored`,
    );
  }
}
