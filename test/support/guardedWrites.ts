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
  'setCollectionRules',
] as const;

export type GuardedWrite = (typeof GUARDED_WRITE_METHODS)[number];

/**
 * Write methods no user path of the extension calls yet. The unit test fails as soon as src/extension names one: its
 * path then goes into the integration table and the method leaves this list.
 */
export const WRITES_WITHOUT_A_USER_PATH: readonly GuardedWrite[] = [];

/** Client methods that send a POST but write nothing (the guardrails let them through as reads; an aggregation only while its pipeline has no `$out`/`$merge`). */
export const READS_SENT_AS_POST = ['previewUpdate', 'aggregate'] as const;
