import type { Node } from 'jsonc-parser';
import { findNodeAtLocation } from 'jsonc-parser';
import { checkPipeline } from '../aggregation/checkPipeline';
import type { JsonObject } from '../json/lossless';
import { jsonNodeValue } from './jsonNodeValue';
import type { PlaygroundProblem, SourceRange } from './playgroundRequest';

const rangeOf = (node: Node): SourceRange => ({ offset: node.offset, length: node.length });

/** The pipeline of a query, `"pipeline": [ … ]`, with every problem at the place it names (the unknown operator's key itself). */
export function readPipeline(
  node: Node,
  text: string,
  database: string | undefined,
  problems: PlaygroundProblem[],
): { pipeline?: JsonObject[]; stageRanges: SourceRange[] } {
  if (node.type !== 'array') {
    problems.push({ message: '"pipeline" must be an array of stages, e.g. [{"$match": {…}}, {"$group": {…}}]', range: rangeOf(node) });
    return { stageRanges: [] };
  }
  const stageRanges = (node.children ?? []).map(rangeOf);
  const pipeline = jsonNodeValue(node, text) as JsonObject[];
  const found = checkPipeline(pipeline, database === undefined ? {} : { database });
  for (const problem of found) {
    const at = findNodeAtLocation(node, problem.path) ?? node;
    const key = problem.atKey ? at.parent?.children?.[0] : undefined;
    problems.push({ message: problem.message, range: rangeOf(key ?? at) });
  }
  return found.length === 0 ? { pipeline, stageRanges } : { stageRanges };
}
