import type { Account } from '../account';
import type { Doc } from '../bson/extendedJson';
import { cloneDoc, stringifyExtended, valueKey } from '../bson/extendedJson';
import { ObjectId } from '../bson/objectId';
import { badRequest, conflict } from '../errors';
import { validateStoredDocument } from '../query/engine';
import type { PipelineStage } from '../query/aggregation/pipelineStage';
import { stageError, stageLabel } from '../query/aggregation/pipelineStage';
import { writeTarget } from '../query/aggregation/stageShapes';
import type { CollectionData, Entry } from '../query/collectionData';
import { describeKey, ID_INDEX } from '../query/collectionData';
import type { Mutation } from '../store/mutations';
import { requireDatabase } from './lookup';
import type { MergeMatch } from './mergeOn';
import { mergeMatch } from './mergeOn';
import { WriteRules } from './writeRules';

/*
 * `$out` and `$merge`: the results written into a collection of the request's database, checked as every
 * other write is (storable documents, unique indexes) and committed as one durable write. Nothing is
 * written when any document is refused.
 */

export interface PipelineWrite {
  target: string;
  /** Documents written (inserted or replaced). */
  written: number;
  /** Documents the write removed (`$out` replaces the collection's documents). */
  removed: number;
  /** The target's rules as they applied to the documents written (their warnings, under `warn`). */
  rules: WriteRules;
}

function storable(stage: PipelineStage, result: Doc): Doc {
  const doc = result._id === undefined ? { _id: ObjectId.generate(), ...cloneDoc(result) } : cloneDoc(result);
  try {
    validateStoredDocument(doc);
  } catch (error) {
    throw stageError(stage, (error as Error).message);
  }
  return doc;
}

/** Unique keys already taken by the documents written before, per index; a clash is refused as the database refuses it. */
function claimKeys(stage: PipelineStage, ns: string, data: CollectionData | undefined, doc: Doc, claimed: Map<string, Set<string>>): void {
  const own = new Map<string, Set<string>>();
  if (data) data.claim(doc, own);
  else own.set(ID_INDEX.name, new Set([valueKey(doc._id)]));
  for (const [name, keys] of own) {
    const taken = claimed.get(name) ?? new Set<string>();
    for (const key of keys) {
      if (taken.has(key)) {
        const index = data?.indexes.find((spec) => spec.name === name) ?? ID_INDEX;
        throw conflict(
          `${stageLabel(stage)}: E11000 duplicate key error index: ${ns}.$${name} dup key: ${describeKey(index, doc)}; nothing was written`,
        );
      }
      taken.add(key);
    }
    claimed.set(name, taken);
  }
}

/** `$out`: the collection holds exactly the results afterwards (its indexes stay). */
function outMutations(
  stage: PipelineStage,
  db: string,
  target: string,
  data: CollectionData | undefined,
  results: Doc[],
  rules: WriteRules,
) {
  const mutations: Mutation[] = data ? [] : [{ op: 'createCollection', db, name: target }];
  const claimed = new Map<string, Set<string>>();
  const kept = new Set<string>();
  const puts: Mutation[] = results.map((result) => {
    const doc = storable(stage, result);
    claimKeys(stage, `${db}.${target}`, data, doc, claimed);
    rules.insert(doc);
    kept.add(valueKey(doc._id));
    return { op: 'put', db, col: target, doc };
  });
  let removed = 0;
  for (const entry of data?.entries ?? []) {
    if (kept.has(valueKey(entry.doc._id))) continue;
    mutations.push({ op: 'delete', db, col: target, id: entry.doc._id });
    removed++;
  }
  return { mutations: mutations.concat(puts), written: puts.length, removed };
}

interface MergeOptions {
  whenMatched: string;
  whenNotMatched: string;
}

function mergeOptions(stage: PipelineStage): MergeOptions {
  const arg =
    typeof stage.arg === 'object' && stage.arg !== null && !Array.isArray(stage.arg) ? (stage.arg as Record<string, unknown>) : {};
  return {
    whenMatched: typeof arg.whenMatched === 'string' ? arg.whenMatched : 'merge',
    whenNotMatched: typeof arg.whenNotMatched === 'string' ? arg.whenNotMatched : 'insert',
  };
}

/** A target document as the `$merge` leaves it: the stored one it replaces, if any, and its new content. */
interface Staged {
  existing?: Entry;
  doc: Doc;
}

/** The document a matched result makes: merged into or replacing `current`, whose `_id` it keeps (an `_id` cannot change). */
function matchedDoc(stage: PipelineStage, ns: string, whenMatched: string, current: Doc, result: Doc, match: MergeMatch): Doc {
  if (result._id !== undefined && valueKey(result._id) !== valueKey(current._id))
    throw stageError(
      stage,
      `a result with _id ${stringifyExtended(result._id)} matches the document with _id ${stringifyExtended(current._id)} in ${ns} on ${match.describe(result)}, and a document's _id cannot change; leave _id out of the results (e.g. {"$unset": "_id"} before the $merge); nothing was written`,
    );
  const next = whenMatched === 'merge' ? { ...current, ...result } : result;
  return { _id: current._id, ...next };
}

/** Each result matched (on `_id` or on the fields of `on`) and applied in order; a later result sees what an earlier one wrote. */
function stageMerge(stage: PipelineStage, ns: string, data: CollectionData | undefined, results: Doc[]): Staged[] {
  const { whenMatched, whenNotMatched } = mergeOptions(stage);
  const match = mergeMatch(stage, ns, data);
  const byKey = new Map<string, Staged>();
  const staged: Staged[] = [];
  results.forEach((result, position) => {
    const key = match.keyOf(result, position);
    const earlier = key === undefined ? undefined : byKey.get(key);
    const existing = earlier ? undefined : match.find(result);
    const current = earlier?.doc ?? existing?.doc;
    const record = (entry: Staged): void => {
      staged.push(entry);
      if (key !== undefined) byKey.set(key, entry);
    };
    if (current) {
      if (whenMatched === 'fail')
        throw conflict(
          `${stageLabel(stage)}: a document with ${match.describe(result)} exists in ${ns} ("whenMatched": "fail"); nothing was written`,
        );
      if (whenMatched === 'keepExisting') return;
      const doc = matchedDoc(stage, ns, whenMatched, current, result, match);
      if (earlier) earlier.doc = doc;
      else record({ existing, doc });
      return;
    }
    if (whenNotMatched === 'fail')
      throw badRequest(
        `${stageLabel(stage)}: no document with ${match.describe(result)} exists in ${ns} ("whenNotMatched": "fail"); nothing was written`,
      );
    if (whenNotMatched === 'insert') record({ doc: storable(stage, result) });
  });
  return staged;
}

/** `$merge`: each result replaces, merges into, keeps or fails on the document it matches, and is inserted or not where none matches. */
function mergeMutations(
  stage: PipelineStage,
  db: string,
  target: string,
  data: CollectionData | undefined,
  results: Doc[],
  rules: WriteRules,
) {
  const ns = `${db}.${target}`;
  const mutations: Mutation[] = data ? [] : [{ op: 'createCollection', db, name: target }];
  const claimed = new Map<string, Set<string>>();
  let written = 0;
  for (const { existing, doc } of stageMerge(stage, ns, data, results)) {
    const next = storable(stage, doc);
    const clash = data?.conflict(next, existing);
    if (clash)
      throw conflict(
        `${stageLabel(stage)}: E11000 duplicate key error index: ${ns}.$${clash.name} dup key: ${describeKey(clash, next)}; nothing was written`,
      );
    claimKeys(stage, ns, data, next, claimed);
    if (existing) rules.update(existing.doc, next);
    else rules.insert(next);
    mutations.push({ op: 'put', db, col: target, doc: next });
    written++;
  }
  return { mutations, written, removed: 0 };
}

/** Writes the results of a pipeline ending in `$out` or `$merge` (synchronously: the collection as it is now). */
export function writePipelineResults(account: Account, db: string, stage: PipelineStage, results: Doc[]): PipelineWrite {
  const target = writeTarget(stage, db);
  const data = requireDatabase(account, db).collections.get(target);
  const rules = new WriteRules(`${db}.${target}`, data?.rules);
  const { mutations, written, removed } =
    stage.name === '$out' ? outMutations(stage, db, target, data, results, rules) : mergeMutations(stage, db, target, data, results, rules);
  account.store.commit(mutations, true);
  return { target, written, removed, rules };
}
