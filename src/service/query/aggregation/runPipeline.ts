import { Aggregator } from 'mingo/aggregator';
import type { Doc, Value } from '../../bson/extendedJson';
import { cloneDoc, isPlainObject } from '../../bson/extendedJson';
import type { RequestBudget } from '../budget';
import { spendWork, withBudget } from '../budget';
import { MINGO_OPTIONS } from '../boundedMingo';
import { viewOf } from '../comparable';
import { compileFilter } from '../engine';
import { SLICE_MS } from '../slicedScan';
import { sortSliced } from '../slicedSort';
import { WRITE_STAGES } from './allowedOperators';
import { buildsNames, checkBuiltNames } from './builtNames';
import type { MemoryMeter } from './memoryMeter';
import type { PipelineStage } from './pipelineStage';
import { checkedStages, inStage } from './pipelineStage';
import { groupSliced } from './slicedGroup';
import { inSlices } from './slices';

export interface PipelineContext {
  budget: RequestBudget;
  meter: MemoryMeter;
  /** The documents of a collection of the request's database, read as a find reads them; none when it does not exist. */
  readCollection(name: string): Promise<Doc[]>;
}

/**
 * The query engine changes some documents in place: `$addFields`/`$set` of a dotted path, `$unset`, `$unwind` with
 * options or of a dotted path. Those stages get copies of documents the run does not own.
 */
function changesInPlace(stage: PipelineStage): boolean {
  const arg = stage.arg as Record<string, Value>;
  if (stage.name === '$addFields' || stage.name === '$set') return Object.keys(arg).some((field) => field.includes('.'));
  if (stage.name === '$unwind') return typeof stage.arg !== 'string' || stage.arg.includes('.');
  return stage.name === '$unset';
}
/** Stages the engine runs document by document: given a few documents at a time. */
const PER_DOCUMENT = new Set(['$project', '$addFields', '$set', '$unset', '$unwind', '$replaceRoot', '$replaceWith', '$lookup']);
const CHUNK = 48;

interface Flow {
  docs: Doc[];
  /** The documents are copies this run owns (not the store's, nor another `$facet` branch's). */
  owned: boolean;
}

type MingoOptions = ConstructorParameters<typeof Aggregator>[1];

/**
 * Runs the stages over `docs` (the documents as the collection holds them, never changed), stopping before
 * a final `$out` or `$merge` (its caller writes). Long work runs in slices that let other requests run.
 */
export async function runStages(docs: Doc[], stages: PipelineStage[], context: PipelineContext, owned = false): Promise<Doc[]> {
  let flow: Flow = { docs, owned };
  for (const stage of stages) {
    if (WRITE_STAGES.has(stage.name)) break;
    try {
      flow = await runStage(flow, stage, context);
      if (buildsNames(stage.arg)) withBudget(() => checkBuiltNames(flow.docs), context.budget);
    } catch (error) {
      throw inStage(stage, error);
    }
  }
  return flow.docs;
}

async function runStage(flow: Flow, stage: PipelineStage, context: PipelineContext): Promise<Flow> {
  const { budget } = context;
  const arg = stage.arg as Record<string, Value>;
  const docs = flow.docs;
  switch (stage.name) {
    case '$match':
      return { docs: await matchSliced(docs, arg, budget), owned: flow.owned };
    case '$sort':
      return { docs: await sortSliced(docs.map(viewOf), arg, budget, SLICE_MS), owned: flow.owned };
    case '$limit':
      return { docs: docs.slice(0, stage.arg as number), owned: flow.owned };
    case '$skip':
      return { docs: docs.slice(stage.arg as number), owned: flow.owned };
    case '$count':
      return { docs: docs.length === 0 ? [] : [{ [stage.arg as string]: docs.length }], owned: true };
    case '$sample':
      return { docs: withBudget(() => sample(docs, arg.size as number), budget), owned: flow.owned };
    case '$group':
      return { docs: await groupSliced(docs.map(viewOf), arg, MINGO_OPTIONS as MingoOptions, budget, context.meter), owned: false };
    case '$sortByCount': {
      const counted = await groupSliced(
        docs.map(viewOf),
        { _id: stage.arg, count: { $sum: 1 } },
        MINGO_OPTIONS as MingoOptions,
        budget,
        context.meter,
      );
      return { docs: await sortSliced(counted, { count: -1 }, budget, SLICE_MS), owned: true };
    }
    case '$facet':
      return { docs: [await facet(docs, stage, context)], owned: false };
    case '$bucket':
    case '$bucketAuto':
      return { docs: withBudget(() => wholeStage(docs, stage, context, MINGO_OPTIONS as MingoOptions), budget), owned: false };
  }
  if (!PER_DOCUMENT.has(stage.name)) throw new Error(`No runner for ${stage.name}`);
  const input = changesInPlace(stage) && !flow.owned ? await ownCopies(docs, budget) : docs.map(viewOf);
  const options = stage.name === '$lookup' ? await lookupOptions(arg, context) : (MINGO_OPTIONS as MingoOptions);
  return { docs: await perDocument(input, stage, context, options), owned: flow.owned && stage.name !== '$lookup' };
}

async function matchSliced(docs: Doc[], q: Doc, budget: RequestBudget): Promise<Doc[]> {
  const test = withBudget(() => compileFilter(q), budget);
  const matched: Doc[] = [];
  await inSlices(docs.length, budget, (from) => {
    const to = Math.min(from + CHUNK, docs.length);
    for (let at = from; at < to; at++) if (test(docs[at])) matched.push(docs[at]);
    return to;
  });
  return matched;
}

async function ownCopies(docs: Doc[], budget: RequestBudget): Promise<Doc[]> {
  const copies: Doc[] = [];
  await inSlices(docs.length, budget, (from) => {
    const to = Math.min(from + CHUNK, docs.length);
    spendWork(to - from, 'copying documents');
    for (let at = from; at < to; at++) copies.push(cloneDoc(viewOf(docs[at])));
    return to;
  });
  return copies;
}

/** A stage the engine runs one document at a time, given a few documents at a time; what it builds is measured. */
async function perDocument(docs: Doc[], stage: PipelineStage, context: PipelineContext, options: MingoOptions): Promise<Doc[]> {
  const aggregator = new Aggregator([{ [stage.name]: stage.arg }], options);
  const output: Doc[] = [];
  const measured = context.meter.start();
  await inSlices(docs.length, context.budget, (from) => {
    const to = Math.min(from + CHUNK, docs.length);
    spendWork(to - from, stage.name);
    const built = aggregator.run(docs.slice(from, to)) as Doc[];
    context.meter.add(measured, built);
    for (const doc of built) output.push(doc);
    return to;
  });
  return output;
}

function wholeStage(docs: Doc[], stage: PipelineStage, context: PipelineContext, options: MingoOptions): Doc[] {
  spendWork(docs.length, stage.name);
  const built = new Aggregator([{ [stage.name]: stage.arg }], options).run(docs.map(viewOf)) as Doc[];
  context.meter.add(context.meter.start(), built);
  return built;
}

/** Each facet runs its own stages over the same input; none may change what another sees. */
async function facet(docs: Doc[], stage: PipelineStage, context: PipelineContext): Promise<Doc> {
  const result: Doc = {};
  for (const [name, pipeline] of Object.entries(stage.arg as Record<string, Value>)) {
    result[name] = await runStages(docs, checkedStages(pipeline, `${stage.label} ($facet) facet ${JSON.stringify(name)} `), context, false);
  }
  context.meter.add(context.meter.start(), [result]);
  return result;
}

/** `size` documents picked at random, each at most once (a partial Fisher–Yates shuffle). */
function sample(docs: Doc[], size: number): Doc[] {
  const picked = docs.slice();
  const count = Math.min(size, picked.length);
  spendWork(picked.length, '$sample');
  for (let at = 0; at < count; at++) {
    const other = at + Math.floor(Math.random() * (picked.length - at));
    [picked[at], picked[other]] = [picked[other], picked[at]];
  }
  return picked.slice(0, count);
}

/** Every collection a `$lookup` reads (its own `from`, and those of `$lookup`s in its pipeline), read before it runs. */
function lookupSources(arg: Record<string, Value>, names: Set<string>): Set<string> {
  if (typeof arg.from === 'string') names.add(arg.from);
  for (const stage of Array.isArray(arg.pipeline) ? (arg.pipeline as Record<string, Value>[]) : []) {
    if (isPlainObject(stage.$lookup)) lookupSources(stage.$lookup as Record<string, Value>, names);
    if (isPlainObject(stage.$facet))
      for (const inner of Object.values(stage.$facet as Record<string, Value>))
        lookupSources({ pipeline: inner } as Record<string, Value>, names);
  }
  return names;
}

async function lookupOptions(arg: Record<string, Value>, context: PipelineContext): Promise<MingoOptions> {
  const collections = new Map<string, Doc[]>();
  // A pipeline may change the joined documents in place: it gets copies.
  const copy = Array.isArray(arg.pipeline) && arg.pipeline.length > 0;
  for (const name of lookupSources(arg, new Set())) {
    const docs = await context.readCollection(name);
    collections.set(name, copy ? await ownCopies(docs, context.budget) : docs.map(viewOf));
  }
  return { ...(MINGO_OPTIONS as MingoOptions), collectionResolver: (name: string) => collections.get(name) ?? [] };
}
