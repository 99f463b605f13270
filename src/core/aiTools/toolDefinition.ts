/** A JSON schema as the tools' `inputSchema` (a plain object, as VS Code and MCP both take it). */
export type InputSchema = { type: 'object'; properties: Record<string, object>; required?: string[]; additionalProperties?: boolean };

/**
 * One tool, described once for both surfaces: the MCP server lists it from here, and the extension's
 * language-model tools are package.json's `languageModelTools` (a unit test holds them to these definitions,
 * with the extension's `account` input beside the tool's own).
 */
export interface AiToolDefinition {
  /** `dbhost_find`: the language-model tool's and the MCP tool's name. */
  name: string;
  displayName: string;
  /** For the model: what it does, its limits, examples. */
  modelDescription: string;
  /** Without the extension's `account` member (package.json's contribution adds it). */
  inputSchema: InputSchema;
  /** Changes data: guardrails decide whether it is sent. */
  write: boolean;
  /** A read that writes for some inputs (a pipeline ending in $out/$merge): those calls go through the guardrails as writes. */
  mayWrite?: boolean;
  /** Only in the extension (the MCP server serves one account). */
  extensionOnly?: boolean;
}

/** Largest page a find returns at once. */
export const MAX_TOOL_DOCUMENTS = 50;
/** Largest answer, in characters, a tool gives a model. */
export const MAX_ANSWER_CHARACTERS = 32_000;
export const DEFAULT_LOG_LINES = 100;
export const MAX_LOG_LINES = 1000;

export const DATABASE = { type: 'string', description: 'Database name, e.g. "shop" (dbhost_listDatabases lists them).' };
export const COLLECTION = { type: 'string', description: 'Collection name, e.g. "orders" (dbhost_listCollections lists them).' };
export const FILTER = {
  type: 'object',
  description:
    'A MongoDB query document, e.g. {"status": "paid", "total": {"$gt": 100}} or {"tags": {"$in": ["a", "b"]}}. Omit or {} for every document. Object ids as {"$oid": "<24 hex>"}.',
};
export const DOCUMENT_ID = {
  description: 'The document\'s _id exactly as the documents show it: {"$oid": "<24 hex>"} for an object id, else the string or number.',
};
