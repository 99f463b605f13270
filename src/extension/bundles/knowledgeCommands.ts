import { CommandId } from '../shared/commandIds';

/** The commands whose handlers live in dist/playgroundKnowledge.js. */
export const KNOWLEDGE_COMMANDS = [
  CommandId.showSchema,
  CommandId.refreshSchema,
  CommandId.runAllPlaygroundQueries,
  CommandId.pageRunAllResults,
  CommandId.clearQueryHistory,
  CommandId.showQueryHistory,
] as const;

export type KnowledgeCommand = (typeof KNOWLEDGE_COMMANDS)[number];
