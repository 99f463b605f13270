// What the collection view's filter box offers while a filter is typed: the view's field paths where a key
// goes, and the query operators where an operator goes. Pure: the page asks with the text and the caret.

/** Operators that combine whole conditions: keys of the filter itself. */
export const LOGICAL_OPERATORS = ['$and', '$or', '$nor'] as const;
/** Operators on one field's value: keys of the object that is a field's condition. */
export const FIELD_OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$exists',
  '$type',
  '$regex',
  '$size',
  '$all',
  '$elemMatch',
  '$not',
  '$mod',
] as const;

export interface FilterSuggestion {
  /** What the list shows and what is put in place: a dotted field path or an operator. */
  label: string;
  kind: 'field' | 'operator';
}

export interface FilterCompletion {
  /** The text from `from` to `to` is replaced by the chosen suggestion's `insert`. */
  from: number;
  to: number;
  suggestions: (FilterSuggestion & { insert: string })[];
}

/** At most this many suggestions are listed; typing more narrows them. */
export const MAX_SUGGESTIONS = 50;

interface KeyPlace {
  /** Where the key's text starts (after its opening quote, if it has one) and ends (before its closing quote). */
  start: number;
  end: number;
  /** What is typed of it before the caret. */
  typed: string;
  quoted: boolean;
  /** Whether the closing quote is already there, and the colon after it. */
  closed: boolean;
  colon: boolean;
  /** A filter's own key (fields, $and…) or a key of a field's condition ($gt…). */
  within: 'filter' | 'condition';
}

/** Where the caret is, if it is in (or at the start of) an object key: undefined in a value or outside the braces. */
function keyAt(text: string, caret: number): KeyPlace | undefined {
  const objects: ('filter' | 'condition')[] = [];
  /** Per open bracket: whether it is an object (a key comes after its commas). */
  const brackets: boolean[] = [];
  let inString = false;
  let stringStart = -1;
  let stringIsKey = false;
  let expectKey = false;
  let previous = '';
  for (let i = 0; i < caret; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (char === '"') {
      inString = true;
      stringStart = i;
      stringIsKey = expectKey;
      expectKey = false;
    } else if (char === '{') {
      objects.push(previous === ':' ? 'condition' : 'filter');
      brackets.push(true);
      expectKey = true;
    } else if (char === '[') {
      brackets.push(false);
      expectKey = false;
    } else if (char === '}' || char === ']') {
      if (brackets.pop()) objects.pop();
      expectKey = false;
    } else if (char === ',') expectKey = brackets[brackets.length - 1] === true;
    else if (!/[\w.$]/.test(char)) expectKey = false;
    previous = char;
  }
  const within = objects[objects.length - 1];
  if (!within || brackets[brackets.length - 1] !== true) return undefined;
  if (inString) {
    if (!stringIsKey) return undefined;
    let end = caret;
    while (end < text.length && text[end] !== '"' && text[end] !== '\\') end++;
    const closed = text[end] === '"';
    return {
      start: stringStart + 1,
      end,
      typed: text.slice(stringStart + 1, caret),
      quoted: true,
      closed,
      colon: closed && /^\s*:/.test(text.slice(end + 1)),
      within,
    };
  }
  // An unquoted word where a key goes, e.g. {sta|, or nothing typed yet right after { or a comma.
  let start = caret;
  while (start > 0 && /[\w.$]/.test(text[start - 1])) start--;
  const before = text.slice(0, start).trimEnd();
  if (!before.endsWith('{') && !before.endsWith(',')) return undefined;
  if (start === caret && !expectKey) return undefined;
  let end = caret;
  while (end < text.length && /[\w.$]/.test(text[end])) end++;
  return { start, end, typed: text.slice(start, caret), quoted: false, closed: false, colon: /^\s*:/.test(text.slice(end)), within };
}

/** Case-insensitive: what starts with the typed text first, then what holds it, each in the given order. */
function matching(candidates: readonly string[], typed: string): string[] {
  const wanted = typed.toLowerCase();
  const starts = candidates.filter((candidate) => candidate.toLowerCase().startsWith(wanted));
  const holds = candidates.filter((candidate) => !candidate.toLowerCase().startsWith(wanted) && candidate.toLowerCase().includes(wanted));
  return [...starts, ...holds];
}

/**
 * The completion at `caret` in the filter `text`: field paths (as given, e.g. from the view's loaded documents)
 * and operators where a key goes ($and/$or/$nor for the filter's own keys, $gt, $in… inside a field's
 * condition); undefined where nothing is offered (in a value, outside the braces, or nothing matches).
 */
export function filterCompletion(text: string, caret: number, fields: readonly string[]): FilterCompletion | undefined {
  const place = keyAt(text, Math.max(0, Math.min(caret, text.length)));
  if (!place) return undefined;
  const operators: readonly string[] = place.within === 'filter' ? LOGICAL_OPERATORS : FIELD_OPERATORS;
  const labels: FilterSuggestion[] = place.typed.startsWith('$')
    ? matching(operators, place.typed).map((label) => ({ label, kind: 'operator' }))
    : [
        ...(place.within === 'filter'
          ? matching([...new Set(fields)], place.typed).map((label) => ({ label, kind: 'field' as const }))
          : []),
        ...matching(operators, place.typed).map((label) => ({ label, kind: 'operator' as const })),
      ];
  const suggestions = labels
    .filter((suggestion) => suggestion.label !== place.typed || !place.closed)
    .slice(0, MAX_SUGGESTIONS)
    .map((suggestion) => ({ ...suggestion, insert: insertion(suggestion.label, place) }));
  if (suggestions.length === 0) return undefined;
  return { from: place.quoted ? place.start - 1 : place.start, to: place.closed ? place.end + 1 : place.end, suggestions };
}

/** The key as JSON text, quotes included, and the colon when it is not there yet. */
function insertion(label: string, place: KeyPlace): string {
  return place.colon ? JSON.stringify(label) : `${JSON.stringify(label)}: `;
}
