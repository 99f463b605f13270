import type { Doc, Value } from '../bson/extendedJson';
import { isPlainObject, stringifyExtended, valueAtPath, valueKey } from '../bson/extendedJson';
import type { PipelineStage } from '../query/aggregation/pipelineStage';
import { stageError } from '../query/aggregation/pipelineStage';
import type { CollectionData, Entry } from '../query/collectionData';
import { indexKeysOf } from '../query/collectionData';
import type { IndexSpec } from '../query/indexes/indexSpec';

/*
 * How `$merge` finds the target document of each result: by `_id` (the default), or by the fields of its
 * `on`, which must then be exactly the fields of a unique index of the target, as the database requires, so
 * that a result matches at most one document.
 */

export interface MergeMatch {
  /** The fields a result is matched on. */
  fields: string[];
  /** The key a result matches by; undefined for a result without `_id` merged on `_id` (it is inserted). */
  keyOf(result: Doc, position: number): string | undefined;
  /** The stored document a result matches. */
  find(result: Doc): Entry | undefined;
  /** The values a result matches by, for messages: `{"sku": "A-1"}`. */
  describe(result: Doc): string;
}

function onFields(stage: PipelineStage): string[] {
  const on = isPlainObject(stage.arg) ? (stage.arg as Record<string, Value>).on : undefined;
  if (on === undefined) return ['_id'];
  return (Array.isArray(on) ? on : [on]) as string[];
}

const sameFields = (index: IndexSpec, fields: string[]): boolean => {
  const keys = Object.keys(index.key);
  return keys.length === fields.length && fields.every((field) => keys.includes(field));
};

const listed = (fields: string[]): string => fields.map((field) => JSON.stringify(field)).join(', ');

function describeValues(fields: string[], result: Doc): string {
  const values: Doc = {};
  for (const field of fields) values[field] = valueAtPath(result, field) ?? null;
  return stringifyExtended(values);
}

function byId(data: CollectionData | undefined): MergeMatch {
  return {
    fields: ['_id'],
    keyOf: (result) => (result._id === undefined ? undefined : valueKey(result._id)),
    find: (result) => (result._id === undefined ? undefined : data?.get(result._id)),
    describe: (result) => describeValues(['_id'], result),
  };
}

/** The unique index that makes `on` identify at most one document; refused with the reason when the target has none. */
function uniqueIndexFor(stage: PipelineStage, ns: string, data: CollectionData | undefined, fields: string[]): IndexSpec {
  const index = data?.indexes.find((spec) => spec.unique === true && sameFields(spec, fields));
  if (index) return index;
  const need = `"on" matches by ${listed(fields)}, which needs a unique index on exactly ${fields.length === 1 ? 'that field' : 'those fields'} in ${ns} so that each result matches at most one document`;
  const fix = `create one (e.g. {${fields.map((field) => `${JSON.stringify(field)}: 1`).join(', ')}} with "unique": true) or merge on "_id"; nothing was written`;
  if (!data)
    throw stageError(
      stage,
      `${need}, and ${ns} does not exist: create the collection with such an index first, or merge on "_id"; nothing was written`,
    );
  const unique = data.indexes.filter((spec) => spec.unique === true).map((spec) => spec.name);
  const has = unique.length === 0 ? 'it has no unique index besides _id' : `its unique indexes are ${unique.join(', ')} besides _id`;
  throw stageError(stage, `${need}; ${has}: ${fix}`);
}

function byFields(stage: PipelineStage, ns: string, data: CollectionData | undefined, fields: string[]): MergeMatch {
  const index = uniqueIndexFor(stage, ns, data, fields);
  const keyOf = (result: Doc, position: number): string => {
    for (const field of fields) {
      const value = valueAtPath(result, field);
      if (value !== undefined && value !== null && !Array.isArray(value)) continue;
      const found = value === undefined ? 'no' : value === null ? 'null for' : 'an array in';
      throw stageError(
        stage,
        `result ${position + 1} has ${found} "${field}", one of the "on" fields; each result must hold one value (not null, not an array) for each of ${listed(fields)} to be matched, as the database requires; nothing was written`,
      );
    }
    return indexKeysOf(index, result)[0];
  };
  return {
    fields,
    keyOf,
    find: (result) => data?.uniqueHolder(index.name, indexKeysOf(index, result)[0]),
    describe: (result) => describeValues(fields, result),
  };
}

/** How the results of `stage` (a `$merge` into `ns`) find their target documents. */
export function mergeMatch(stage: PipelineStage, ns: string, data: CollectionData | undefined): MergeMatch {
  const fields = onFields(stage);
  return fields.length === 1 && fields[0] === '_id' ? byId(data) : byFields(stage, ns, data, fields);
}
