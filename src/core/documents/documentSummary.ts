import type { JsonObject, JsonValue } from '../json/lossless';
import { LosslessNumber, isJsonObject, stringifyLossless } from '../json/lossless';
import { objectIdHexOf } from './documentId';

const SUMMARY_LIMIT = 60;
const STRING_LIMIT = 24;
const TOOLTIP_LIMIT = 4000;
const PLAIN_KEY = /^[\p{L}\p{N}_$.-]+$/u;

/** One line of the first fields other than `_id`, e.g. `name: "Ada", age: 36, tags: [2 items]`, cut at `limit` characters. */
export function summarizeDocument(document: JsonObject, limit = SUMMARY_LIMIT): string {
  const parts = Object.entries(document)
    .filter(([key]) => key !== '_id')
    .map(([key, value]) => `${PLAIN_KEY.test(key) ? key : JSON.stringify(key)}: ${summarizeValue(value)}`);
  return cut(parts.join(', '), limit);
}

/** A document, or any record the service sent, pretty-printed for a tooltip, cut at a line end after about `limit` characters. */
export function documentTooltipText(value: unknown, limit = TOOLTIP_LIMIT): string {
  const text = stringifyLossless(value, 2);
  if (text.length <= limit) return text;
  const lineEnd = text.lastIndexOf('\n', limit);
  const kept = text.slice(0, lineEnd > 0 ? lineEnd : limit);
  return `${kept}\n… (${text.length - kept.length} more characters)`;
}

function summarizeValue(value: JsonValue): string {
  if (typeof value === 'string') return JSON.stringify(cut(value, STRING_LIMIT));
  if (value === null || typeof value !== 'object' || value instanceof LosslessNumber) return stringifyLossless(value);
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  const hex = objectIdHexOf(value);
  if (hex !== undefined) return `ObjectId(${hex})`;
  if (isJsonObject(value) && Object.keys(value).length === 1 && Object.hasOwn(value, '$date'))
    return `Date(${summarizeValue(value.$date)})`;
  return Object.keys(value).length === 0 ? '{}' : '{…}';
}

function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let end = limit - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
