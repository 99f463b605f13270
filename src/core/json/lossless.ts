/**
 * JSON that keeps every number exactly as written. `JSON.parse` turns 9007199254740993 into
 * 9007199254740992 and 1.50 into 1.5; a document editor that saved those back would alter data the
 * user never touched. Numbers whose text survives a round trip through a JS number stay plain
 * numbers; the rest are kept as {@link LosslessNumber}.
 */
export class LosslessNumber {
  constructor(readonly text: string) {}

  valueOf(): number {
    return Number(this.text);
  }
  toJSON(): number {
    return Number(this.text);
  }
}

export type JsonValue = null | boolean | number | string | LosslessNumber | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${message} at line ${line}, column ${column}`);
    this.name = 'JsonSyntaxError';
  }
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof LosslessNumber);
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
const LINE_BREAK = /\r\n|\r|\n/g;
const MAX_DEPTH = 1000;

export interface ParseOptions {
  /**
   * Refuse an object that names the same key twice instead of keeping the last value as
   * `JSON.parse` does. Text a user saves should be checked this way: the earlier value would be
   * lost silently.
   */
  rejectDuplicateKeys?: boolean;
}

/** Line and column (both 1-based, columns in UTF-16 code units as editors count them) of an offset. */
function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  LINE_BREAK.lastIndex = 0;
  for (let match = LINE_BREAK.exec(text); match && match.index + match[0].length <= offset; match = LINE_BREAK.exec(text)) {
    line++;
    lineStart = match.index + match[0].length;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Parses JSON, keeping as {@link LosslessNumber} every number whose text a JS number would change.
 * Text in which no number can be changed (the usual case) goes through `JSON.parse`, which gives the
 * same result much faster; anything else, and any text `JSON.parse` refuses, through the exact parser.
 */
export function parseLossless(text: string, options: ParseOptions = {}): JsonValue {
  const value = parseNatively(text, options);
  return value === NOT_NATIVE ? parseExactly(text, options) : value;
}

const NOT_NATIVE = Symbol('not parsed natively');

/**
 * A number token whose text might not survive `String(Number(text))`: `-0`, 16 or more digits, an
 * exponent, a fraction ending in 0, or one below 1e-6. What it lets through has at most 15 significant
 * digits, no trailing zero and no exponent, within [1e-6, 1e21): JS writes such a number back exactly
 * as it was written. A token counts where JSON puts values (at the start or after `[`, `:` or `,`) and
 * followed by what may follow a value, so a time like "12:00:07.000Z" in a string does not match;
 * matching number-like text inside a string only costs speed.
 */
const RISKY_NUMBER =
  /(?:^|[:,[])[ \t\n\r]*(?=-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?[ \t\n\r]*(?:[,}\]]|$))(?:-0|-?(?:[\d.]{16}|\d[\d.]*[eE]|\d+\.(?:\d*0(?!\d)|0{6})))/;
/** A colon written as an escape, which would defeat the duplicate-key count. */
const ESCAPED_COLON = /\\u003a/i;

/** `JSON.parse` where it gives exactly what the exact parser would, else {@link NOT_NATIVE}. */
function parseNatively(text: string, options: ParseOptions): JsonValue | typeof NOT_NATIVE {
  const checkDuplicates = options.rejectDuplicateKeys === true;
  if (RISKY_NUMBER.test(text) || (checkDuplicates && ESCAPED_COLON.test(text))) return NOT_NATIVE;
  let value: JsonValue;
  try {
    // JSON.parse makes a "__proto__" key an own data property, as the exact parser does.
    value = JSON.parse(text) as JsonValue;
  } catch {
    return NOT_NATIVE;
  }
  // A value deeper than MAX_DEPTH sits inside MAX_DEPTH + 1 brackets, opened and closed: more characters than this.
  if (!checkDuplicates && text.length <= 2 * (MAX_DEPTH + 1)) return value;
  const tally = checkDuplicates ? { keys: 0, colons: 0 } : undefined;
  if (!withinDepth(value, 0, tally)) return NOT_NATIVE;
  // Every ':' in the text separates a member or stands in a string. JSON.parse drops the earlier of two
  // equal keys with its value, so with a duplicate the members and string colons kept fall short.
  if (tally && tally.keys + tally.colons !== colonsIn(text)) return NOT_NATIVE;
  return value;
}

/** Whether no value lies deeper than MAX_DEPTH; counts keys and the colons in strings into `tally` if given. */
function withinDepth(value: JsonValue, depth: number, tally: { keys: number; colons: number } | undefined): boolean {
  if (depth > MAX_DEPTH) return false;
  if (typeof value === 'string') {
    if (tally) tally.colons += colonsIn(value);
    return true;
  }
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (!withinDepth(item, depth + 1, tally)) return false;
    return true;
  }
  const keys = Object.keys(value);
  if (tally) tally.keys += keys.length;
  for (const key of keys) {
    if (tally) tally.colons += colonsIn(key);
    if (!withinDepth((value as JsonObject)[key], depth + 1, tally)) return false;
  }
  return true;
}

function colonsIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) count++;
  return count;
}

/**
 * The character-by-character parser: exact numbers, duplicate keys refused on request, errors with
 * positions. {@link parseLossless} gives the same results; this is the reference it is tested against.
 */
export function parseExactly(text: string, options: ParseOptions = {}): JsonValue {
  let pos = text.startsWith('\uFEFF') ? 1 : 0;
  const fail = (message: string, at = pos): never => {
    const { line, column } = positionOf(text, at);
    throw new JsonSyntaxError(message, at, line, column);
  };
  const skipWhitespace = () => {
    while (pos < text.length && (text[pos] === ' ' || text[pos] === '\t' || text[pos] === '\n' || text[pos] === '\r')) pos++;
  };
  const parseString = (): string => {
    const end = stringEnd(text, pos, fail);
    const value = JSON.parse(text.slice(pos, end)) as string;
    pos = end;
    return value;
  };
  /** After an opening bracket: true (and past it) when the closing one follows at once. */
  const closesAtOnce = (close: string): boolean => {
    pos++;
    skipWhitespace();
    if (text[pos] !== close) return false;
    pos++;
    return true;
  };
  /** After a member: true when the container goes on (a comma), false when it closed; anything else fails. */
  const continues = (close: string): boolean => {
    skipWhitespace();
    const ch = text[pos];
    if (ch !== ',' && ch !== close) fail(`${describeAt(text, pos)}, expected ',' or '${close}'`);
    pos++;
    return ch === ',';
  };
  const parseValue = (depth: number): JsonValue => {
    skipWhitespace();
    if (depth > MAX_DEPTH) fail(`Nesting deeper than ${MAX_DEPTH} levels`);
    const ch = text[pos];
    if (ch === '{') {
      const result: JsonObject = {};
      if (closesAtOnce('}')) return result;
      do {
        skipWhitespace();
        if (text[pos] !== '"') fail(`${describeAt(text, pos)}, expected a property name`);
        const keyStart = pos;
        const key = parseString();
        if (options.rejectDuplicateKeys && Object.hasOwn(result, key)) fail(`Duplicate property ${JSON.stringify(key)}`, keyStart);
        skipWhitespace();
        if (text[pos] !== ':') fail(`${describeAt(text, pos)}, expected ':'`);
        pos++;
        // defineProperty, not assignment: a "__proto__" key must become data, not the object's prototype.
        Object.defineProperty(result, key, { value: parseValue(depth + 1), enumerable: true, writable: true, configurable: true });
      } while (continues('}'));
      return result;
    }
    if (ch === '[') {
      const result: JsonValue[] = [];
      if (closesAtOnce(']')) return result;
      do result.push(parseValue(depth + 1));
      while (continues(']'));
      return result;
    }
    if (ch === '"') return parseString();
    const literal = literalAt(text, pos);
    if (!literal) return fail(describeAt(text, pos));
    pos = literal.end;
    return literal.value;
  };

  const value = parseValue(0);
  skipWhitespace();
  if (pos < text.length) fail(`${describeAt(text, pos)} after the end of the value`);
  return value;
}

/** What stands at `pos`, for a syntax error: the end of the text or the character. */
function describeAt(text: string, pos: number): string {
  if (pos >= text.length) return 'Unexpected end of text';
  const character = String.fromCodePoint(text.codePointAt(pos) ?? 0);
  // A quote or backslash inside double quotes would be escaped: single quotes read better there.
  return `Unexpected character ${character === '"' || character === '\\' ? `'${character}'` : JSON.stringify(character)}`;
}

/** Where the string that opens at `start` ends (past its closing quote); `fail` reports what is wrong inside it. */
function stringEnd(text: string, start: number, fail: (message: string, at?: number) => never): number {
  let pos = start + 1;
  while (pos < text.length) {
    const ch = text[pos];
    if (ch === '"') return pos + 1;
    if (ch === '\\') {
      ESCAPE.lastIndex = pos;
      if (!ESCAPE.test(text)) fail('Invalid escape sequence in string', pos);
      pos = ESCAPE.lastIndex;
    } else if (ch < ' ') fail('Control character in string (write it as an escape such as \\n)', pos);
    else pos++;
  }
  return fail('Unterminated string', start);
}

/** The literal (true, false, null) or number at `pos`, and where it ends; undefined when none stands there. */
function literalAt(text: string, pos: number): { value: JsonValue; end: number } | undefined {
  for (const [word, value] of [
    ['true', true],
    ['false', false],
    ['null', null],
  ] as const) {
    if (text.startsWith(word, pos)) return { value, end: pos + word.length };
  }
  NUMBER.lastIndex = pos;
  const match = NUMBER.exec(text);
  if (!match) return undefined;
  const numeric = Number(match[0]);
  return { value: String(numeric) === match[0] ? numeric : new LosslessNumber(match[0]), end: pos + match[0].length };
}

/**
 * `JSON.stringify` that writes {@link LosslessNumber}s verbatim (and bigints as their digits).
 * Like `JSON.stringify` it drops `undefined` and functions, writes non-finite numbers as null,
 * caps the indent at 10 and refuses circular structures with a TypeError.
 */
export function stringifyLossless(value: unknown, indent?: number | string): string {
  const gap = typeof indent === 'number' ? ' '.repeat(Math.max(0, Math.min(10, Math.floor(indent)))) : (indent ?? '').slice(0, 10);
  const ancestors = new Set<object>();
  const write = (v: unknown, current: string): string | undefined => {
    if (v instanceof LosslessNumber) return v.text;
    if (v === null) return 'null';
    if (typeof v === 'string') return JSON.stringify(v);
    if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
    if (typeof v === 'boolean') return String(v);
    if (typeof v === 'bigint') return v.toString();
    if (typeof v !== 'object') return undefined;
    if (!Array.isArray(v) && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      return write((v as { toJSON(): unknown }).toJSON(), current);
    }
    if (ancestors.has(v)) throw new TypeError('Cannot write a circular structure as JSON');
    ancestors.add(v);
    const inner = current + gap;
    const open = gap ? `\n${inner}` : '';
    const close = gap ? `\n${current}` : '';
    const separator = gap ? `,\n${inner}` : ',';
    let result: string;
    if (Array.isArray(v)) {
      // By index, not map: map skips holes, and `[,,1]` is not JSON. A hole is written as null, as JSON.stringify does.
      const items: string[] = [];
      for (let index = 0; index < v.length; index++) items.push(write(v[index], inner) ?? 'null');
      result = v.length === 0 ? '[]' : `[${open}${items.join(separator)}${close}]`;
    } else {
      const members: string[] = [];
      for (const [key, item] of Object.entries(v)) {
        const written = write(item, inner);
        if (written !== undefined) members.push(`${JSON.stringify(key)}:${gap ? ' ' : ''}${written}`);
      }
      result = members.length === 0 ? '{}' : `{${open}${members.join(separator)}${close}}`;
    }
    ancestors.delete(v);
    return result;
  };
  return write(value, '') ?? 'null';
}
