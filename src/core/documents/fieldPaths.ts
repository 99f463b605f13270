import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject } from '../json/lossless';

export interface SuggestedField {
  path: string;
  /** In how many of the sampled documents the path holds a value. */
  documents: number;
}

/** `{"$oid": …}`, `{"$date": …}`: extended JSON stands for one value, so it is a leaf. */
function isExtendedJsonValue(value: JsonObject): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

function collectInto(value: JsonValue, path: string, found: Set<string>): void {
  if (Array.isArray(value)) {
    const objects = value.filter(isJsonObject);
    if (objects.length === 0) found.add(path);
    for (const element of objects) collectInto(element, path, found);
    return;
  }
  if (isJsonObject(value) && !isExtendedJsonValue(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) collectInto(child, path ? `${path}.${key}` : key, found);
    return;
  }
  if (path) found.add(path);
}

/**
 * The dotted paths of the leaf fields of sampled documents, most common first (then in the order they
 * were met): what a user is likely to index. Arrays of objects contribute their elements' fields.
 */
export function suggestFieldPaths(documents: readonly JsonObject[]): SuggestedField[] {
  const counts = new Map<string, number>();
  for (const document of documents) {
    const found = new Set<string>();
    collectInto(document, '', found);
    for (const path of found) counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  return [...counts]
    .map(([path, count], order) => ({ path, documents: count, order }))
    .sort((a, b) => b.documents - a.documents || a.order - b.order)
    .map(({ path, documents: count }) => ({ path, documents: count }));
}

/** Why a typed field path cannot be indexed, or undefined when it can. */
export function fieldPathProblem(path: string): string | undefined {
  if (path.trim() === '') return 'Type a field path, e.g. name or address.city.';
  if (path !== path.trim()) return 'A field path has no spaces at its ends.';
  if (path.split('.').some((segment) => segment === '')) return 'A dotted path has a name between every two dots.';
  if (path.startsWith('$')) return 'A field path does not start with $.';
  return undefined;
}
