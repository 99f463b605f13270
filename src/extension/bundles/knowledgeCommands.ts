/** The commands (each `dbhost.<name>`) whose handlers live in dist/playgroundKnowledge.js. */
export const KNOWLEDGE_COMMANDS = ['showSchema', 'refreshSchema', 'runAllPlaygroundQueries', 'pageRunAllResults', 'clearQueryHistory', 'showQueryHistory'] as const;

export type KnowledgeCommand = (typeof KNOWLEDGE_COMMANDS)[number];
