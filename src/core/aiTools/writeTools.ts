import type { AiToolDefinition } from './toolDefinition';
import { COLLECTION, DATABASE, DOCUMENT_ID, FILTER } from './toolDefinition';

const NAMES = { database: DATABASE, collection: COLLECTION };
const GUARDED =
  "The account's guardrails decide: a Read-only account refuses it and sends nothing; a Confirm-writes account shows the user the exact request first and sends it only if they accept.";
const UPDATE = {
  type: 'object',
  description:
    'Update operators, e.g. {"$set": {"status": "shipped"}, "$inc": {"stock": -1}, "$unset": {"note": ""}}. Every top-level key must be an operator ($set, $unset, $inc, $push, $pull, $addToSet, $rename, $min, $max, $mul); a whole replacement document is refused.',
};

export const WRITE_TOOLS: readonly AiToolDefinition[] = [
  {
    name: 'dbhost_insertDocument',
    displayName: 'DB Host: insert a document',
    modelDescription: `Inserts one document and answers with its _id (an object id is generated when the document has none). ${GUARDED} Example: {"database": "shop", "collection": "orders", "document": {"status": "new", "total": 12.5}}.`,
    inputSchema: {
      type: 'object',
      properties: { ...NAMES, document: { type: 'object', description: 'The document to insert; no _id needed.' } },
      required: ['database', 'collection', 'document'],
    },
    write: true,
  },
  {
    name: 'dbhost_updateDocument',
    displayName: 'DB Host: update a document',
    modelDescription: `Updates the one document with this _id using update operators. ${GUARDED} Example: {"database": "shop", "collection": "orders", "id": {"$oid": "6563a0c1e4b0a1b2c3d4e5f6"}, "update": {"$set": {"status": "shipped"}}}.`,
    inputSchema: {
      type: 'object',
      properties: { ...NAMES, id: DOCUMENT_ID, update: UPDATE },
      required: ['database', 'collection', 'id', 'update'],
    },
    write: true,
  },
  {
    name: 'dbhost_updateMatching',
    displayName: 'DB Host: update matching documents',
    modelDescription: `Updates the documents matching a filter with update operators: the first match only, or all of them with "multi": true; "upsert": true inserts one document when none matches. Count first with dbhost_count. ${GUARDED} The confirmation says how many documents match. Example: {"database": "shop", "collection": "orders", "filter": {"status": "new"}, "update": {"$set": {"status": "open"}}, "multi": true}.`,
    inputSchema: {
      type: 'object',
      properties: {
        ...NAMES,
        filter: { ...FILTER, description: `${FILTER.description} Required: use {} only to mean every document.` },
        update: UPDATE,
        multi: { type: 'boolean', description: 'true: update every match; false (default): the first only.' },
        upsert: { type: 'boolean', description: 'true: insert one document when none matches; default false.' },
      },
      required: ['database', 'collection', 'filter', 'update'],
    },
    write: true,
  },
  {
    name: 'dbhost_deleteDocument',
    displayName: 'DB Host: delete a document',
    modelDescription: `Deletes the one document with this _id. Irreversible. ${GUARDED} Example: {"database": "shop", "collection": "orders", "id": {"$oid": "6563a0c1e4b0a1b2c3d4e5f6"}}.`,
    inputSchema: { type: 'object', properties: { ...NAMES, id: DOCUMENT_ID }, required: ['database', 'collection', 'id'] },
    write: true,
  },
  {
    name: 'dbhost_createIndex',
    displayName: 'DB Host: create an index',
    modelDescription: `Creates an index (built in the background unless "background": false). Check the query with dbhost_explain before and after. ${GUARDED} Example: {"database": "shop", "collection": "orders", "keys": {"status": 1, "total": -1}}; unique: {"keys": {"sku": 1}, "unique": true}; geo: {"keys": {"loc": "2d"}}.`,
    inputSchema: {
      type: 'object',
      properties: {
        ...NAMES,
        keys: { type: 'object', description: 'Field to direction: 1, -1, or "2d" for a geo index, e.g. {"status": 1, "total": -1}.' },
        unique: { type: 'boolean', description: 'Refuse two documents with the same key; default false.' },
        background: { type: 'boolean', description: 'Build without blocking the collection; default true.' },
      },
      required: ['database', 'collection', 'keys'],
    },
    write: true,
  },
];
