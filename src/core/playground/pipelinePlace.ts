import type { Node, Segment } from 'jsonc-parser';
import type { JsonValue } from '../json/lossless';
import { jsonNodeValue } from './jsonNodeValue';

/** What can go at a place inside a playground's `"pipeline"`. */
export type PipelineSlot =
  /** The key of a stage: a stage name. */
  | { kind: 'stageName' }
  /** A field name as a key ($match, $sort, $project): the fields that reach the stage, under `prefix`. */
  | { kind: 'field'; prefix: string; logical: boolean }
  /** A field's condition in $match: query operators. */
  | { kind: 'queryOperator' }
  /** A `"$field"` reference in an expression: the fields that reach the stage, written with `$`. */
  | { kind: 'fieldReference' }
  | { kind: 'accumulator' }
  | { kind: 'expressionOperator' };

export interface PipelinePlace {
  kind: 'pipeline';
  slot: PipelineSlot;
  /** 0-based stage the cursor is in. */
  stage: number;
  /** The stages before it, as far as the text says (fields they make complete too). */
  before: JsonValue[];
}

const LOGICAL = new Set(['$and', '$or', '$nor']);

function matchSlot(rest: Segment[], prefix = ''): PipelineSlot | undefined {
  if (rest.length === 0) return { kind: 'field', prefix, logical: true };
  const [first, second] = rest;
  if (typeof first === 'string' && LOGICAL.has(first) && typeof second === 'number') return matchSlot(rest.slice(2), prefix);
  if (first === '$expr') return { kind: 'expressionOperator' };
  if (typeof first === 'string' && !first.startsWith('$')) {
    if (rest.length === 1) return { kind: 'queryOperator' };
    if (rest[1] === '$elemMatch') return matchSlot(rest.slice(2), `${prefix}${first}.`);
  }
  return undefined;
}

function keySlot(name: string, rest: Segment[]): PipelineSlot | undefined {
  if (name === '$match') return matchSlot(rest);
  if ((name === '$sort' || name === '$project') && rest.length === 0) return { kind: 'field', prefix: '', logical: false };
  if (name === '$group' && rest.length === 1 && rest[0] !== '_id') return { kind: 'accumulator' };
  if ((name === '$bucket' || name === '$bucketAuto') && rest.length === 2 && rest[0] === 'output') return { kind: 'accumulator' };
  if (rest.length === 0 && ['$addFields', '$set', '$group', '$bucket', '$bucketAuto', '$lookup', '$replaceRoot', '$facet'].includes(name))
    return undefined; // names the user chooses, or the stage's own parameters
  return { kind: 'expressionOperator' };
}

/**
 * The place in a pipeline: `containers` is the path from the query down to the object or array the cursor is in
 * (starting with "pipeline"), `atKey` whether it is at a key; `dollarString` whether the value at the cursor is a
 * string starting with "$".
 */
export function pipelinePlaceOf(
  containers: Segment[],
  atKey: boolean,
  dollarString: boolean,
  query: Node,
  text: string,
): PipelinePlace | undefined {
  const [, stage, name, ...rest] = containers;
  if (typeof stage !== 'number') return undefined;
  const pipeline = query.children?.find((child) => child.children?.[0]?.value === 'pipeline')?.children?.[1];
  const before = (pipeline?.children ?? []).slice(0, stage).map((node) => jsonNodeValue(node, text));
  let slot: PipelineSlot | undefined;
  if (atKey) slot = name === undefined ? { kind: 'stageName' } : typeof name === 'string' ? keySlot(name, rest) : undefined;
  else if (dollarString && typeof name === 'string' && name !== '$match') slot = { kind: 'fieldReference' };
  return slot && { kind: 'pipeline', slot, stage, before };
}
