import { isJsonObject } from '../json/lossless';
import type { JsonObject, JsonValue } from '../json/lossless';
import { numberOf } from './expressionChecker';

/** A field a stage's documents hold, and where it comes from. */
export interface PipelineField {
  path: string;
  /** undefined: sampled from the collection; else the 0-based stage that made it. */
  madeBy?: number;
  /** The stage's name, e.g. "$group", when a stage made it. */
  stageName?: string;
}

type Fields = Map<string, PipelineField>;

const isIncluded = (value: JsonValue) => value !== 0 && value !== false && numberOf(value) !== 0;
const under = (path: string, parent: string) => path === parent || path.startsWith(`${parent}.`);

function removeFields(fields: Fields, removed: Iterable<string>): void {
  for (const name of removed) for (const path of [...fields.keys()]) if (under(path, name)) fields.delete(path);
}

/** The dotted paths an object of field specifications names: nested objects without operators are sub-fields. */
function specPaths(spec: JsonObject, prefix = ''): Array<{ path: string; value: JsonValue }> {
  return Object.entries(spec).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    if (isJsonObject(value) && Object.keys(value).length > 0 && !Object.keys(value).some((name) => name.startsWith('$')))
      return specPaths(value, `${path}.`);
    return [{ path, value }];
  });
}

class FieldFlow {
  constructor(
    public fields: Fields,
    private readonly index: number,
    private readonly name: string,
  ) {}

  add(path: string): void {
    this.fields.set(path, { path, madeBy: this.index, stageName: this.name });
  }

  reset(paths: Iterable<string>): void {
    this.fields = new Map();
    for (const path of paths) this.add(path);
  }

  project(spec: JsonObject): void {
    const entries = specPaths(spec);
    const inclusion = entries.some(({ path, value }) => path !== '_id' && isIncluded(value));
    if (!inclusion)
      return removeFields(
        this.fields,
        entries.filter(({ value }) => !isIncluded(value)).map(({ path }) => path),
      );
    const kept: Fields = new Map();
    const keepId = !entries.some(({ path, value }) => path === '_id' && !isIncluded(value));
    for (const { path, value } of entries) {
      if (!isIncluded(value)) continue;
      const computed = value !== 1 && value !== true && numberOf(value) === undefined;
      const sampled = [...this.fields.values()].filter((field) => under(field.path, path));
      if (computed || sampled.length === 0) kept.set(path, { path, madeBy: this.index, stageName: this.name });
      for (const field of computed ? [] : sampled) kept.set(field.path, field);
    }
    if (keepId && this.fields.has('_id')) kept.set('_id', this.fields.get('_id')!);
    this.fields = kept;
  }

  replaceRoot(root: JsonValue | undefined): void {
    if (typeof root === 'string' && root.startsWith('$') && !root.startsWith('$$')) {
      const prefix = `${root.slice(1)}.`;
      const inner = [...this.fields.values()].filter((field) => field.path.startsWith(prefix));
      this.fields = new Map(inner.map((field) => [field.path.slice(prefix.length), { ...field, path: field.path.slice(prefix.length) }]));
    } else {
      this.reset(
        isJsonObject(root) && !Object.keys(root).some((key) => key.startsWith('$')) ? specPaths(root).map(({ path }) => path) : [],
      );
    }
  }
}

/** How one stage changes the fields of the documents that pass it. */
function applyStage(flow: FieldFlow, name: string, body: JsonValue): void {
  const object = isJsonObject(body) ? body : {};
  switch (name) {
    case '$project':
      return flow.project(object);
    case '$addFields':
    case '$set':
      return specPaths(object).forEach(({ path }) => flow.add(path));
    case '$unset':
      return removeFields(
        flow.fields,
        typeof body === 'string' ? [body] : Array.isArray(body) ? body.filter((item) => typeof item === 'string') : [],
      );
    case '$group':
      return flow.reset(['_id', ...Object.keys(object).filter((key) => key !== '_id')]);
    case '$unwind':
      if (typeof object.includeArrayIndex === 'string') flow.add(object.includeArrayIndex);
      return;
    case '$lookup':
      if (typeof object.as === 'string') flow.add(object.as);
      return;
    case '$count':
      return flow.reset(typeof body === 'string' ? [body] : []);
    case '$sortByCount':
      return flow.reset(['_id', 'count']);
    case '$bucket':
    case '$bucketAuto':
      return flow.reset(['_id', ...(isJsonObject(object.output) ? Object.keys(object.output) : ['count'])]);
    case '$facet':
      return flow.reset(Object.keys(object));
    case '$replaceRoot':
      return flow.replaceRoot(object.newRoot);
    case '$replaceWith':
      return flow.replaceRoot(body);
    case '$out':
    case '$merge':
      return flow.reset([]);
    default:
      return; // $match, $sort, $limit, $skip, $sample keep the fields as they are
  }
}

/**
 * The fields the documents hold after the first `count` stages: the collection's sampled fields, as the stages
 * keep, drop, rename or make them. A stage the text does not finish yet is passed over.
 */
export function fieldsAfter(sampled: readonly string[], stages: readonly JsonValue[], count = stages.length): PipelineField[] {
  let fields: Fields = new Map(sampled.map((path) => [path, { path }]));
  stages.slice(0, count).forEach((stage, index) => {
    if (!isJsonObject(stage) || Object.keys(stage).length !== 1) return;
    const name = Object.keys(stage)[0]!;
    const flow = new FieldFlow(fields, index, name);
    applyStage(flow, name, stage[name]!);
    fields = flow.fields;
  });
  return [...fields.values()];
}
