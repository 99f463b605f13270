/**
 * Ctrl+S on a DB Host document (its checks before sending, the conflict check that offers Merge…), bundled apart as
 * dist/documentSave.mjs and loaded at the first such save, so that what activation loads stays small.
 */
export { saveDocument } from './commands/saveDocument';
