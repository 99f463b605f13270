import type { JsonValue } from '../json/lossless';
import { LosslessNumber, isJsonObject, parseLossless } from '../json/lossless';

const NUMBER_KEYS = new Set(['$numberLong', '$numberInt', '$numberDouble']);

/** The `_id` a `<doc_id>` segment names, the inverse of documentIdSegment: typed extended JSON as that type, anything else the string. */
export function documentIdOfSegment(segment: string): JsonValue {
  if (!segment.startsWith('{')) return segment;
  let parsed: JsonValue;
  try {
    parsed = parseLossless(segment);
  } catch {
    return segment;
  }
  if (!isJsonObject(parsed)) return segment;
  const keys = Object.keys(parsed);
  const text = parsed[keys[0]];
  if (keys.length === 1 && NUMBER_KEYS.has(keys[0]) && typeof text === 'string') return new LosslessNumber(text);
  return parsed;
}
