/**
 * The three-way merge view's extension-side code (issue 33), bundled apart as dist/documentMerge.mjs and loaded the
 * first time a save offers Merge…, so that what activation loads stays small. Its page script is dist/mergeView.js.
 */
export { MergeViews } from './mergeViews';
export { SaveConflictGate } from './saveConflictGate';
