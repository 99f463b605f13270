import { parseLossless } from '../../core/json/lossless';
import { withStoredNumbers } from './int64';

/** Without a run of 16 digits no number in the text lies beyond 2^53, so `JSON.parse` is exact (and faster). */
const LONG_DIGIT_RUN = /\d{16}/;

/**
 * `JSON.parse` for everything the service reads (bodies, query parameters, its own journal): numbers
 * come back in their stored form, so an integer such as 9007199254740993 is not rounded.
 * Throws a `JsonSyntaxError` (with line and column) for text that is not JSON.
 */
export function parseStoredJson(text: string): unknown {
  const long = LONG_DIGIT_RUN.test(text);
  try {
    const parsed = JSON.parse(text) as unknown;
    // A run of 16 digits is mostly an ordinary number: only an integer past 2^53 needs the exact (slower) parse.
    if (!long || !holdsInexactInteger(parsed)) return parsed;
  } catch {
    // Parsed again below for an error that names line and column.
  }
  return withStoredNumbers(parseLossless(text));
}

/** Whether JSON.parse gave an integer beyond 2^53, which it may have rounded. */
function holdsInexactInteger(value: unknown, depth = 0): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (value === null || typeof value !== 'object' || depth > 200) return depth > 200;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsInexactInteger(item, depth + 1)) return true;
    return false;
  }
  for (const key in value) if (holdsInexactInteger((value as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
}
