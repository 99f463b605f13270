import type { JsonObject, JsonValue } from '../json/lossless';
import { isJsonObject, LosslessNumber } from '../json/lossless';

/** Above this many documents the duplicates are not counted beforehand: it would mean reading them all. */
export const duplicateCountLimit = 5000;

/** A key equal for every two values the database treats as equal in an index (1 and 1.0 alike). */
function canonical(value: JsonValue): string | undefined {
  if (value instanceof LosslessNumber) return `n${Number(value.text)}`;
  if (typeof value === 'number') return `n${value}`;
  if (Array.isArray(value)) return undefined;
  if (isJsonObject(value)) {
    const parts: string[] = [];
    for (const [key, child] of Object.entries(value)) {
      const inner = canonical(child);
      if (inner === undefined) return undefined;
      parts.push(`${JSON.stringify(key)}:${inner}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value);
}

function valueAt(document: JsonObject, path: string): JsonValue | undefined | typeof arrayOnPath {
  let current: JsonValue | undefined = document;
  for (const segment of path.split('.')) {
    if (Array.isArray(current)) return arrayOnPath;
    if (!isJsonObject(current)) return undefined;
    current = current[segment];
  }
  return current;
}
const arrayOnPath = Symbol('array on path');

/**
 * The key a document has in an index over `paths` (a missing field counts as null, as in the
 * database), or undefined when an array lies on a path: such a document has several keys and its
 * duplicates cannot be told from its own fields alone.
 */
export function indexKeyOf(document: JsonObject, paths: readonly string[]): string | undefined {
  const parts: string[] = [];
  for (const path of paths) {
    const value = valueAt(document, path);
    if (value === arrayOnPath) return undefined;
    const part = canonical(value === undefined ? null : value);
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return parts.join('\u0000');
}

/** How many documents duplicate an earlier one over `paths`; undefined when arrays make it uncountable. */
export function countLaterDuplicates(documents: readonly JsonObject[], paths: readonly string[]): number | undefined {
  const seen = new Set<string>();
  let duplicates = 0;
  for (const document of documents) {
    const key = indexKeyOf(document, paths);
    if (key === undefined) return undefined;
    if (seen.has(key)) duplicates++;
    else seen.add(key);
  }
  return duplicates;
}
