import type { JsonObject, JsonValue } from '../json/lossless';
import { LosslessNumber, isJsonObject } from '../json/lossless';
import { objectIdHexOf } from './documentId';

const DEFAULT_LENGTH = 80;
const VALUE_LENGTH = 24;

/**
 * A one-line glimpse of a document for a list: its first few fields other than `_id`, each value
 * shortened (`name: "Ada", tags: [3], address: {…}`), cut to `maxLength` characters.
 */
export function summarizeDocument(document: JsonObject, maxLength = DEFAULT_LENGTH): string {
  const parts: string[] = [];
  let length = 0;
  for (const [field, value] of Object.entries(document)) {
    if (field === '_id') continue;
    const part = `${field}: ${summarizeValue(value)}`;
    parts.push(part);
    length += part.length + 2;
    if (length >= maxLength) break;
  }
  const text = parts.join(', ');
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

function summarizeValue(value: JsonValue): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (value instanceof LosslessNumber) return value.text;
  if (typeof value === 'string') return JSON.stringify(value.length > VALUE_LENGTH ? `${value.slice(0, VALUE_LENGTH - 1)}…` : value);
  if (Array.isArray(value)) return `[${value.length}]`;
  const oid = objectIdHexOf(value);
  if (oid !== undefined) return oid;
  if (isJsonObject(value) && Object.keys(value).length === 1 && '$date' in value) {
    const date = value.$date;
    if (typeof date === 'string') return date;
    if (isJsonObject(date) && typeof date.$numberLong === 'string') return new Date(Number(date.$numberLong)).toISOString();
    if (typeof date === 'number') return new Date(date).toISOString();
  }
  return Object.keys(value).length === 0 ? '{}' : '{…}';
}
