import { isPlainObject } from '../bson/extendedJson';
import { linearRegex } from './linearRegex';

const REGEX_EXPRESSIONS = new Set(['$regexMatch', '$regexFind', '$regexFindAll']);

/**
 * Compiles every regular expression written out in a query, update or projection with the linear-time
 * engine before anything is matched, so that a pattern it refuses (a backreference, a lookaround…) is
 * answered 400 even on an empty collection. Patterns built while the request runs are compiled (and
 * refused) the same way where they are used.
 */
export function checkRegexes(value: unknown, depth = 0): void {
  if (depth > 200) return;
  if (Array.isArray(value)) {
    for (const item of value) checkRegexes(item, depth + 1);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (key === '$regex' && typeof item === 'string') linearRegex(item, typeof value.$options === 'string' ? value.$options : '');
    if (REGEX_EXPRESSIONS.has(key) && isPlainObject(item) && typeof item.regex === 'string')
      linearRegex(item.regex, typeof item.options === 'string' ? item.options : '');
    checkRegexes(item, depth + 1);
  }
}
