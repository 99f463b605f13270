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
  if (!LONG_DIGIT_RUN.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Parsed again below for an error that names line and column.
    }
  }
  return withStoredNumbers(parseLossless(text));
}
