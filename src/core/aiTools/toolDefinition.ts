/** A JSON schema as the tools' `inputSchema` (a plain object, as VS Code and MCP both take it). */
export type InputSchema = { type: 'object'; properties: Record<string, object>; required?: string[]; additionalProperties?: boolean };

/**
 * One tool, described once for both surfaces: the extension's language-model tools (package.json's
 * `languageModelTools` must match, a unit test compares them) and the MCP server.
 */
export interface AiToolDefinition {
  /** `dbhost_find`: the language-model tool's and the MCP tool's name. */
  name: string;
  /** `dbhostFind`: what `#` names in a chat prompt. */
  referenceName: string;
  displayName: string;
  /** One line for people (the tool picker). */
  userDescription: string;
  /** For the model: what it does, its limits, examples. */
  modelDescription: string;
  /** Without the extension's `account` member, which {@link withAccount} adds. */
  inputSchema: InputSchema;
  /** Changes data: guardrails decide whether it is sent. */
  write: boolean;
  /** A read that writes for some inputs (a pipeline ending in $out/$merge): those calls go through the guardrails as writes. */
  mayWrite?: boolean;
  /** Only in the extension (the MCP server serves one account). */
  extensionOnly?: boolean;
}

export const ACCOUNT_PROPERTY = {
  type: 'string',
  description:
    'The DB Host account to use: its label as dbhost_listAccounts shows it (e.g. "Local demo"). May be left out when only one account exists.',
};

/** The schema the extension contributes: the tool's own, plus which account. */
export function withAccount(schema: InputSchema): InputSchema {
  return { ...schema, properties: { account: ACCOUNT_PROPERTY, ...schema.properties } };
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
