import { RE2JS } from 're2js';
import { badRequest } from '../errors';
import { spendWork } from './budget';

/**
 * Regular expressions the service evaluates run on RE2 (re2js), whose matching time grows linearly with
 * the input whatever the pattern, so no pattern can stall the service. RE2 has no backtracking, so it
 * refuses the features that need it; each is named in the 400.
 */
const REFUSED_FEATURES: [RegExp, string][] = [
  [/\\[1-9]|\\k<|\\g\{?-?\d/, 'backreferences (\\1, \\k<name>)'],
  [/\(\?<[=!]/, 'lookbehind ((?<=…), (?<!…))'],
  [/\(\?[=!]/, 'lookahead ((?=…), (?!…))'],
  [/\(\?>/, 'atomic groups ((?>…))'],
  [/\(\?\(/, 'conditionals ((?(…)…))'],
  [/\(\?(R|\d|&)/, 'recursion ((?R), (?1))'],
  [/[*+?}][+]/, 'possessive quantifiers (a*+, a++)'],
  [/\\[GZ]/, 'the anchors \\G and \\Z (use \\z or $)'],
];

/** The largest repetition count RE2 takes (a{1000}); larger ones are refused. */
const MAX_REPEAT = 1000;
const MAX_PATTERN_LENGTH = 16 * 1024;

export interface LinearRegex {
  readonly source: string;
  test(input: string): boolean;
  /** Every match from the start, or only the first: the matched text, where it starts (in UTF-16 units) and its groups. */
  search(input: string, global: boolean): { match: string; idx: number; captures: (string | null)[] }[];
}

function flagsOf(options: string, pattern: string): number {
  let flags = 0;
  for (const option of options) {
    if (option === 'i') flags |= RE2JS.CASE_INSENSITIVE;
    else if (option === 'm') flags |= RE2JS.MULTILINE;
    else if (option === 's') flags |= RE2JS.DOTALL;
    else if (option === 'u') continue;
    else if (option === 'x')
      throw badRequest(
        `The regular expression option "x" (extended, whitespace-insensitive) is not supported by the local service's regular-expression engine (RE2); write ${JSON.stringify(pattern)} without it`,
      );
    else throw badRequest(`"${option}" is not a regular-expression option (use i, m, s or u)`);
  }
  return flags;
}

function refusal(pattern: string, detail: string): Error {
  return badRequest(
    `The regular expression ${JSON.stringify(pattern.length > 200 ? `${pattern.slice(0, 200)}…` : pattern)} uses ${detail}, which the local service's regular-expression engine (RE2, linear-time matching) refuses so that no pattern can stall the service`,
  );
}

const cache = new Map<string, LinearRegex>();
const CACHE_SIZE = 256;

/** Compiles `pattern` with MongoDB-style `options` (i, m, s, u), or answers 400 naming the feature RE2 refuses. */
export function linearRegex(pattern: unknown, options: unknown = ''): LinearRegex {
  if (typeof pattern !== 'string') throw badRequest('A regular expression must be a string');
  if (typeof options !== 'string') throw badRequest('Regular-expression options must be a string such as "i"');
  const key = `${options}/${pattern}`;
  const cached = cache.get(key);
  if (cached) return cached;
  if (pattern.length > MAX_PATTERN_LENGTH) throw refusal(pattern, `more than ${MAX_PATTERN_LENGTH} characters`);
  const flags = flagsOf(options, pattern);
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern, flags);
  } catch (error) {
    // Named only when RE2 refuses the pattern, so an escaped look-alike such as \(?= is never refused.
    const feature = REFUSED_FEATURES.find(([shape]) => shape.test(pattern))?.[1];
    const repeat = /\{(\d+)(?:,(\d*))?\}/.exec(pattern);
    if (feature) throw refusal(pattern, feature);
    if (repeat && (Number(repeat[1]) > MAX_REPEAT || Number(repeat[2] || 0) > MAX_REPEAT))
      throw refusal(pattern, `a repetition count over ${MAX_REPEAT} (${repeat[0]})`);
    throw refusal(pattern, `syntax RE2 does not support (${(error as Error).message.replace(/^error parsing regexp: /, '')})`);
  }
  const cost = Math.max(1, Math.ceil(compiled.programSize() / 8));
  const regex: LinearRegex = {
    source: pattern,
    test(input) {
      spendWork(input.length * cost, 'regular-expression matching');
      return compiled.test(input);
    },
    search(input, global) {
      spendWork(input.length * cost, 'regular-expression matching');
      const matcher = compiled.matcher(input);
      const found: { match: string; idx: number; captures: (string | null)[] }[] = [];
      while (matcher.find()) {
        const captures: (string | null)[] = [];
        for (let group = 1; group <= matcher.groupCount(); group++) captures.push(matcher.group(group));
        found.push({ match: matcher.group() ?? '', idx: matcher.start(), captures });
        if (!global) break;
        spendWork(1, 'regular-expression matching');
      }
      return found;
    },
  };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, regex);
  return regex;
}
