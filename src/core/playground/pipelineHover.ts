import { getLocation } from 'jsonc-parser';
import { expressionDoc } from '../aggregation/expressionDocs';
import { stageDoc } from '../aggregation/stageDocs';
import { FIELD_OPERATORS, LOGICAL_OPERATORS } from './operatorDocs';
import type { SourceRange } from './playgroundRequest';

/** The documentation of the stage or operator name under the cursor inside a `"pipeline"`, as Markdown. */
export function pipelineDocAt(text: string, offset: number): { markdown: string; range: SourceRange } | undefined {
  const location = getLocation(text, offset);
  const node = location.previousNode;
  const path = location.path;
  const inPipeline = path[0] === 'pipeline' || (typeof path[0] === 'number' && path[1] === 'pipeline');
  if (!inPipeline || !location.isAtPropertyKey || typeof node?.value !== 'string') return undefined;
  const name = node.value;
  const range = { offset: node.offset, length: node.length };
  const depth = path.indexOf('pipeline') + 2;
  const stage = path.length === depth + 1 ? stageDoc(name) : undefined;
  if (stage) return { markdown: `**${name}** (stage): ${stage.doc}\n\n\`${stage.example}\`\n\nAfter it: ${stage.output}`, range };
  const operator = expressionDoc(name) ?? [...FIELD_OPERATORS, ...LOGICAL_OPERATORS].find((entry) => entry.name === name);
  return operator ? { markdown: `**${name}**: ${operator.doc}`, range } : undefined;
}
