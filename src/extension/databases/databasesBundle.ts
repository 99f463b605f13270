// The entry of dist/databases.mjs: creating and deleting a database, loaded the first time one of them runs
// (registerDatabases.ts), so the extension's own bundle stays small.
export { createDatabase } from './createDatabase';
export { deleteDatabase } from './deleteDatabase';
