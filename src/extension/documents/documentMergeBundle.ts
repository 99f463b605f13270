/**
 * The three-way merge view's extension-side code (issue 33), bundled apart as dist/documentMerge.js and loaded the
 * first time a save offers Merge…, so that dist/extension.js stays small. Its page script is dist/mergeView.js.
 */
export { MergeViews } from './mergeViews';
export { SaveConflictGate } from './saveConflictGate';
