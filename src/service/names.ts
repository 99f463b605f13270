import { badRequest } from './errors';

const DATABASE_FORBIDDEN = /[/\\. "$]/;

/** Database names as the database accepts them: not empty, at most 64 characters, none of `/\. "$`. */
export function checkDatabaseName(name: string): void {
  if (name.length === 0) throw badRequest('A database name cannot be empty');
  if (name.length > 64) throw badRequest('A database name can have at most 64 characters');
  if (name.includes('\u0000')) throw badRequest('A database name cannot contain a NUL character');
  const forbidden = DATABASE_FORBIDDEN.exec(name);
  if (forbidden) throw badRequest(`A database name cannot contain ${JSON.stringify(forbidden[0])} (none of / \\ . space " $ is allowed)`);
}

/** Collection names: not empty, no `$`, no NUL, not starting with `system.`, and the namespace `db.col` within 120 bytes. */
export function checkCollectionName(database: string, name: string): void {
  if (name.length === 0) throw badRequest('A collection name cannot be empty');
  if (name.includes('$')) throw badRequest('A collection name cannot contain "$"');
  if (name.includes('\u0000')) throw badRequest('A collection name cannot contain a NUL character');
  if (name.startsWith('system.')) throw badRequest('Collection names starting with "system." are reserved');
  if (name.startsWith('.') || name.endsWith('.')) throw badRequest('A collection name cannot start or end with "."');
  if (Buffer.byteLength(`${database}.${name}`) > 120)
    throw badRequest('The full collection name (database.collection) can have at most 120 bytes');
}
