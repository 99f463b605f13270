/**
 * Every write method of the client. The unit test `test/unit/guardrails/writeMethods.test.ts` finds the
 * client's write methods by calling them all and fails when one is missing here; the integration suite
 * `test/integration/guardrails/` must then drive each through a user path (its table is typed by this list).
 */
export const GUARDED_WRITE_METHODS = [
  'createDatabase',
  'deleteDatabase',
  'createCollection',
  'renameCollection',
  'deleteCollection',
  'createDocument',
  'updateDocument',
  'updateDocuments',
  'deleteDocument',
  'createIndex',
  'dropIndex',
  'dropAllIndexes',
  'createUser',
  'deleteUser',
  'copyDatabase',
] as const;

export type GuardedWrite = (typeof GUARDED_WRITE_METHODS)[number];

/** Client methods that send a POST but write nothing (the guardrails let them through as reads; an aggregation only while its pipeline has no `$out`/`$merge`). */
export const READS_SENT_AS_POST = ['previewUpdate', 'aggregate'] as const;
