import type { Doc } from '../bson/extendedJson';
import { valueKey } from '../bson/extendedJson';
import { ObjectId } from '../bson/objectId';
import { MAX_PREVIEW_SAMPLE, samplePositions } from '../../core/bulk/samplePositions';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import type { Body } from '../http/params';
import { optionalBoolean, optionalNumber, requireDocument } from '../http/params';
import type { Handler } from '../http/types';
import { checkCollectionName } from '../names';
import { PaddingAllowance } from '../query/arrayPadding';
import { currentBudget, withBudget } from '../query/budget';
import { applyOperators, isOperatorUpdate, replaceDocument, upsertSeed, validateStoredDocument } from '../query/engine';
import { matchingSliced } from '../query/slicedScan';
import type { CollectionData } from '../query/collectionData';
import { describeKey } from '../query/collectionData';
import { elapsed, logValue, requireDatabase } from './lookup';

/*
 * The dry run of a bulk update (contract 4 of the brief, issue 25): the same input rules, scan, budget and
 * update engine as PUT …/documents, on copies, writing nothing. It answers how many documents match and,
 * for a sample spread across the match, each one before and after (or why the update would fail on it).
 */

interface PreviewOptions {
  criteria: Doc;
  object: Doc;
  upsert: boolean;
  multi: boolean;
  sample: number;
}

function previewOptions(body: Body): PreviewOptions {
  const sample = optionalNumber(body, 'sample') ?? MAX_PREVIEW_SAMPLE;
  if (!Number.isInteger(sample) || sample < 0 || sample > MAX_PREVIEW_SAMPLE)
    throw badRequest(`"sample" must be an integer from 0 to ${MAX_PREVIEW_SAMPLE}`);
  const options = {
    criteria: requireDocument(body, 'criteria'),
    object: requireDocument(body, 'object'),
    upsert: optionalBoolean(body, 'upsert', false),
    multi: optionalBoolean(body, 'multi', false),
    sample,
  };
  optionalBoolean(body, 'safe', false);
  if (!isOperatorUpdate(options.object) && options.multi) {
    throw badRequest('A multi update needs update operators such as $set; a replacement document can update only one document');
  }
  checkUpdateAlone(options.object);
  return options;
}

/**
 * What is wrong with the update whatever the document (an unknown operator, a refused path, a field name
 * with `$`) is wrong with the request: refused whole with a 400, as the bulk update refuses it, instead of
 * being shown as an error on every sampled document.
 */
function checkUpdateAlone(object: Doc): void {
  if (isOperatorUpdate(object)) applyOperators({ _id: 0 }, object, false);
  else validateStoredDocument({ _id: 0, ...object });
}

type SampleItem = { _id: Doc['_id']; before: Doc; after: Doc } | { _id: Doc['_id']; before: Doc; error: string };

/** What the bulk update would make of `doc`, checked as it checks (immutable `_id`, storable, unique indexes). */
function afterUpdate(doc: Doc, options: PreviewOptions, data: CollectionData, allowance: PaddingAllowance, ns: string): Doc {
  const next = isOperatorUpdate(options.object)
    ? applyOperators(doc, options.object, false, allowance)
    : replaceDocument(doc, options.object);
  if (valueKey(next._id) !== valueKey(doc._id)) throw badRequest('_id is immutable: an update cannot change or remove it');
  validateStoredDocument(next);
  const index = data.conflict(next, data.get(doc._id));
  if (index) throw conflict(`E11000 duplicate key error index: ${ns}.$${index.name} dup key: ${describeKey(index, next)}`);
  return next;
}

/** An update's failure on one document, as the bulk update would answer it; anything else is the service's own fault. */
function failureOf(error: unknown): string {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return error.message;
  throw error;
}

function sampleItem(doc: Doc, options: PreviewOptions, data: CollectionData, allowance: PaddingAllowance, ns: string): SampleItem {
  try {
    return { _id: doc._id, before: doc, after: afterUpdate(doc, options, data, allowance, ns) };
  } catch (error) {
    return { _id: doc._id, before: doc, error: failureOf(error) };
  }
}

function upsertPreview(options: PreviewOptions, data: CollectionData | undefined, ns: string): { after: Doc } | { error: string } {
  try {
    const seed = upsertSeed(options.criteria);
    let doc = isOperatorUpdate(options.object)
      ? applyOperators(seed, options.object, true)
      : { ...(seed._id !== undefined ? { _id: seed._id } : {}), ...options.object };
    if (doc._id === undefined) doc = { _id: ObjectId.generate(), ...doc };
    validateStoredDocument(doc);
    const index = data?.conflict(doc, undefined);
    if (index) throw conflict(`E11000 duplicate key error index: ${ns}.$${index.name} dup key: ${describeKey(index, doc)}`);
    return { after: doc };
  } catch (error) {
    return { error: failureOf(error) };
  }
}

export const previewUpdate: Handler = async ({ account, params, body, thread }) => {
  const startedAt = performance.now();
  const budget = currentBudget();
  requireDatabase(account, params.db);
  const options = previewOptions(body);
  const data = requireDatabase(account, params.db).collections.get(params.col);
  if (!data) {
    if (!options.upsert) throw notFound(`Collection "${params.col}" does not exist in database "${params.db}"`);
    checkCollectionName(params.db, params.col);
  }
  const found = data ? await matchingSliced(data, options.criteria, budget) : [];
  return withBudget(() => {
    // A single update changes the first match only: that one is the sample.
    const sampled = options.multi ? samplePositions(found.length, options.sample).map((position) => found[position]) : found.slice(0, 1);
    const allowance = new PaddingAllowance();
    const ns = `${params.db}.${params.col}`;
    const sample = sampled.slice(0, options.sample).map((doc) => sampleItem(doc, options, data!, allowance, ns));
    const upsert = found.length === 0 && options.upsert ? upsertPreview(options, data, ns) : undefined;
    account.logOperation(
      params.db,
      thread,
      `update_preview ${params.db}.${params.col} query: ${logValue(options.criteria)} update: ${logValue(options.object)} nscanned:${data?.count ?? 0} nMatched:${found.length} ${elapsed(startedAt)}`,
      false,
    );
    return { body: { matched: found.length, sample, ...(upsert ? { upsert } : {}), ok: 1 } };
  }, budget);
};
