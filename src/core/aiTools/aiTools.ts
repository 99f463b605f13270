import { AGGREGATE_TOOL } from './aggregateTool';
import { READ_TOOLS } from './readTools';
import type { AiToolDefinition } from './toolDefinition';
import { WRITE_TOOLS } from './writeTools';

/** Every tool, reads first. */
export const AI_TOOLS: readonly AiToolDefinition[] = [...READ_TOOLS, AGGREGATE_TOOL, ...WRITE_TOOLS];

export function toolNamed(name: string): AiToolDefinition | undefined {
  return AI_TOOLS.find((tool) => tool.name === name);
}
