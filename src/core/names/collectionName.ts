/** The document database's rules for a collection name, checked before anything is sent. */
export function validateCollectionName(name: string, existing: readonly string[]): string | undefined {
  if (name === '') return 'Enter a name for the collection';
  if (name.includes('$')) return 'A collection name cannot contain $';
  if (name.includes('\0')) return 'A collection name cannot contain a null character';
  if (name.startsWith('system.')) return 'Names starting with "system." are reserved';
  if (existing.includes(name)) return `The collection ${name} already exists`;
  return undefined;
}
