/** Bulk changes with their preview and undo (issue 25): dist/bulkChanges.mjs, loaded the first time one runs. */
export { narrowPreview, previewOf } from './previewUpdate';
export { refuseReadOnly, runBulkUpdate } from './bulkUpdateFlow';
export { undoLastChange } from './undoLastChange';
export { saveChange } from './changeStore';
export { deleteRows } from './rowDeletion';
export { updateMatchingDocuments } from './updateMatchingDocuments';
