/**
 * Reads VS Code `when` clauses as package.json writes them (`view == dbhost.explorer && viewItem =~ /^dbhost\.(a|b)$/`,
 * `!dbhost.localServiceRunning`) into their terms, and lists every string a menu's `viewItem` regular expression
 * can match, so a test can compare package.json's literal strings with the extension's constants.
 */

/** One comparison or bare key of a clause: `key`, `key == value`, `key =~ /source/flags`. */
export interface WhenTerm {
  key: string;
  operator?: string;
  value?: string;
  /** For `=~`: the regular expression as written between the slashes, and its flags. */
  regex?: { source: string; flags: string };
}

const OPERATORS = ['===', '!==', '==', '!=', '=~', '>=', '<=', '>', '<', 'not in', 'in'];

export function whenTerms(clause: string): WhenTerm[] {
  const terms: WhenTerm[] = [];
  let at = 0;
  const skipSpaces = () => {
    while (at < clause.length && /\s/.test(clause[at])) at++;
  };
  const readWord = (): string => {
    if (clause[at] === "'" || clause[at] === '"') {
      const quote = clause[at];
      const end = clause.indexOf(quote, at + 1);
      if (end < 0) throw new Error(`Unclosed quote in "${clause}"`);
      const word = clause.slice(at + 1, end);
      at = end + 1;
      return word;
    }
    const start = at;
    while (at < clause.length && !/[\s()!&|=<>~]/.test(clause[at])) at++;
    if (at === start) throw new Error(`Expected a key or value at ${at} of "${clause}"`);
    return clause.slice(start, at);
  };
  const readRegex = (): { source: string; flags: string } => {
    if (clause[at] !== '/') throw new Error(`Expected /regex/ after =~ at ${at} of "${clause}"`);
    let inClass = false;
    let end = at + 1;
    for (; end < clause.length; end++) {
      const char = clause[end];
      if (char === '\\') end++;
      else if (char === '[') inClass = true;
      else if (char === ']') inClass = false;
      else if (char === '/' && !inClass) break;
    }
    if (end >= clause.length) throw new Error(`Unclosed regular expression in "${clause}"`);
    const source = clause.slice(at + 1, end);
    at = end + 1;
    const flagsStart = at;
    while (at < clause.length && /[a-z]/.test(clause[at])) at++;
    return { source, flags: clause.slice(flagsStart, at) };
  };

  while (true) {
    skipSpaces();
    if (at >= clause.length) return terms;
    if (clause.startsWith('&&', at) || clause.startsWith('||', at)) {
      at += 2;
      continue;
    }
    if (clause[at] === '(' || clause[at] === ')' || (clause[at] === '!' && clause[at + 1] !== '=')) {
      at++;
      continue;
    }
    const term: WhenTerm = { key: readWord() };
    skipSpaces();
    const operator = OPERATORS.find(
      (candidate) => clause.startsWith(candidate, at) && (!/[a-z]$/.test(candidate) || /\s/.test(clause[at + candidate.length] ?? '')),
    );
    if (operator) {
      at += operator.length;
      skipSpaces();
      term.operator = operator;
      if (operator === '=~') term.regex = readRegex();
      else term.value = readWord();
    }
    terms.push(term);
  }
}

/**
 * Every string an anchored regular expression of literals, escaped characters, groups, alternatives and
 * `?` matches: the forms package.json's menus use. Anything else (`*`, `+`, `.`, classes, an unanchored
 * pattern) matches more strings than can be listed, and is refused.
 */
export function expandRegex(source: string): string[] {
  if (!source.startsWith('^') || !source.endsWith('$') || source.endsWith('\\$')) {
    throw new Error(`/${source}/ is not anchored with ^ and $: it matches more than it names`);
  }
  let at = 1;
  const end = source.length - 1;

  // alternatives := sequence ('|' sequence)*   sequence := (atom '?'?)*   atom := literal | '\' char | '(' alternatives ')'
  const alternatives = (): string[] => {
    const results = [...sequence()];
    while (source[at] === '|') {
      at++;
      results.push(...sequence());
    }
    return results;
  };
  const sequence = (): string[] => {
    let results = [''];
    while (at < end && source[at] !== '|' && source[at] !== ')') {
      let choices = atom();
      if (source[at] === '?') {
        at++;
        choices = ['', ...choices];
      }
      if (/[*+{]/.test(source[at] ?? '')) throw new Error(`/${source}/: the quantifier "${source[at]}" at ${at} is not supported`);
      results = results.flatMap((prefix) => choices.map((choice) => prefix + choice));
    }
    return results;
  };
  const atom = (): string[] => {
    const char = source[at];
    if (char === '\\') {
      const escaped = source[at + 1];
      if (escaped === undefined || /[A-Za-z0-9]/.test(escaped))
        throw new Error(`/${source}/: the escape "\\${escaped ?? ''}" at ${at} is not supported`);
      at += 2;
      return [escaped];
    }
    if (char === '(') {
      at++;
      if (source.startsWith('?:', at)) at += 2;
      else if (source[at] === '?') throw new Error(`/${source}/: the group "(${source.slice(at, at + 2)}" at ${at} is not supported`);
      const inner = alternatives();
      if (source[at] !== ')') throw new Error(`/${source}/: unclosed group`);
      at++;
      return inner;
    }
    if (/[.[\]^$*+?{}|)]/.test(char)) throw new Error(`/${source}/: "${char}" at ${at} is not supported`);
    at++;
    return [char];
  };

  const results = alternatives();
  if (at !== end) throw new Error(`/${source}/: unexpected "${source[at]}" at ${at}`);
  return [...new Set(results)];
}
