import { utf8Length } from '../text/utf8';
/** The document database's rules for a database name, checked before anything is sent. */
export function validateDatabaseName(name: string, existing: readonly string[]): string | undefined {
  if (name === '') return 'Enter a name for the database';
  if (/[/\\. "$\0]/.test(name)) return 'A database name cannot contain / \\ . " $ or spaces';
  if (utf8Length(name) > 64) return 'A database name is at most 64 bytes long';
  if (existing.includes(name)) return `The database ${name} already exists`;
  return undefined;
}
