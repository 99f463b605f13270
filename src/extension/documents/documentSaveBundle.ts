/**
 * Ctrl+S on a DB Host document (its checks before sending, the conflict check that offers Merge…), bundled apart as
 * dist/documentSave.js and loaded at the first such save, so that dist/extension.js stays small.
 */
export { saveDocument } from './commands/saveDocument';
