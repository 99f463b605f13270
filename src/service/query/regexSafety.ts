import { isPlainObject } from '../bson/extendedJson';
import { badRequest } from '../errors';

interface Quantifier {
  length: number;
  /** More than one repetition: `*`, `+`, `{2}`, `{2,}`. */
  repeats: boolean;
  /** A varying number of repetitions: `*`, `+`, `?`, `{1,3}`. */
  varies: boolean;
}

function quantifierAt(pattern: string, at: number): Quantifier | undefined {
  let quantifier: Quantifier;
  const char = pattern[at];
  if (char === '*' || char === '+') quantifier = { length: 1, repeats: true, varies: true };
  else if (char === '?') quantifier = { length: 1, repeats: false, varies: true };
  else if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at, at + 32));
    if (!match) return undefined;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    quantifier = { length: match[0].length, repeats: max > 1, varies: max > min };
  } else return undefined;
  if (pattern[at + quantifier.length] === '?') quantifier.length++;
  return quantifier;
}

/** Where the group opened at `at` starts matching: past `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!` or `(?<name>`. */
function groupBodyStart(pattern: string, at: number): number {
  if (pattern[at + 1] !== '?') return at + 1;
  if (pattern[at + 2] === '<' && pattern[at + 3] !== '=' && pattern[at + 3] !== '!') {
    const close = pattern.indexOf('>', at);
    return close < 0 ? pattern.length : close + 1;
  }
  return at + (pattern[at + 2] === '<' ? 4 : 3);
}

function classEnd(pattern: string, at: number): number {
  let index = at + 1;
  if (pattern[index] === '^') index++;
  if (pattern[index] === ']') index++;
  while (index < pattern.length && pattern[index] !== ']') index += pattern[index] === '\\' ? 2 : 1;
  return index + 1;
}

/**
 * The first repeated group that itself holds a varying repetition, such as `(a+)+` in `(a+)+$`: the
 * shape that makes a backtracking engine try exponentially many ways to split a string that does not
 * match. `(ab)+`, `(colou?r )+` and `a.*b` have none.
 */
export function nestedQuantifier(pattern: string): string | undefined {
  const groups: { start: number; holdsRepetition: boolean }[] = [{ start: 0, holdsRepetition: false }];
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index];
    if (char === '(') {
      groups.push({ start: index, holdsRepetition: false });
      index = groupBodyStart(pattern, index);
      continue;
    }
    if (char === '|' || char === '^' || char === '$') {
      index++;
      continue;
    }
    let holdsRepetition = false;
    let start = index;
    if (char === ')') {
      const group = groups.length > 1 ? groups.pop()! : { start: index, holdsRepetition: false };
      start = group.start;
      holdsRepetition = group.holdsRepetition;
      index++;
    } else if (char === '[') index = classEnd(pattern, index);
    else index += char === '\\' ? 2 : 1;
    const quantifier = quantifierAt(pattern, index);
    if (quantifier) {
      if (holdsRepetition && quantifier.repeats) return pattern.slice(start, index + quantifier.length);
      index += quantifier.length;
      if (quantifier.repeats && quantifier.varies) holdsRepetition = true;
    }
    if (holdsRepetition) groups[groups.length - 1].holdsRepetition = true;
  }
  return undefined;
}

const REGEX_EXPRESSIONS = new Set(['$regexMatch', '$regexFind', '$regexFindAll']);

function checkPattern(pattern: unknown): void {
  if (typeof pattern !== 'string') return;
  const nested = nestedQuantifier(pattern);
  if (nested) {
    throw badRequest(
      `The regular expression ${JSON.stringify(pattern)} repeats a group that itself repeats (${nested}); such a pattern can take practically forever on some strings, so it is refused. Rewrite it without the nested repetition (for example (a+)+ as a+)`,
    );
  }
}

/** Refuses a `$regex` (or the `regex` of `$regexMatch` and its kin) anywhere in a query, update or projection whose pattern could backtrack exponentially. */
export function checkRegexes(value: unknown, depth = 0): void {
  if (depth > 200) return;
  if (Array.isArray(value)) {
    for (const item of value) checkRegexes(item, depth + 1);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (key === '$regex') checkPattern(item);
    if (REGEX_EXPRESSIONS.has(key) && isPlainObject(item)) checkPattern(item.regex);
    checkRegexes(item, depth + 1);
  }
}
