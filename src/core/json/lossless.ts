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
  constructor(message: string, readonly offset: number, readonly line: number, readonly column: number) {
    super(`${message} at line ${line}, column ${column}`);
    this.name = 'JsonSyntaxError';
  }
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof LosslessNumber);
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function parseLossless(text: string): JsonValue {
  let pos = 0;

  const fail = (message: string, at = pos): never => {
    const before = text.slice(0, at).split('\n');
    throw new JsonSyntaxError(message, at, before.length, before[before.length - 1].length + 1);
  };
  const skipWhitespace = () => {
    while (pos < text.length && (text[pos] === ' ' || text[pos] === '\t' || text[pos] === '\n' || text[pos] === '\r')) pos++;
  };
  const describe = () => (pos >= text.length ? 'Unexpected end of text' : `Unexpected character ${JSON.stringify(text[pos])}`);

  const parseString = (): string => {
    const start = pos;
    pos++;
    while (pos < text.length) {
      const ch = text[pos];
      if (ch === '"') {
        pos++;
        try {
          return JSON.parse(text.slice(start, pos)) as string;
        } catch {
          return fail('Invalid string', start);
        }
      }
      if (ch === '\\') pos += 2;
      else if (ch < ' ') fail('Control character in string');
      else pos++;
    }
    return fail('Unterminated string', start);
  };

  const parseValue = (depth: number): JsonValue => {
    if (depth > 1000) fail('Nesting too deep');
    skipWhitespace();
    const ch = text[pos];
    if (ch === '{') {
      pos++;
      const result: JsonObject = {};
      skipWhitespace();
      if (text[pos] === '}') {
        pos++;
        return result;
      }
      for (;;) {
        skipWhitespace();
        if (text[pos] !== '"') fail(`${describe()}, expected a property name`);
        const key = parseString();
        skipWhitespace();
        if (text[pos] !== ':') fail(`${describe()}, expected ':'`);
        pos++;
        Object.defineProperty(result, key, { value: parseValue(depth + 1), enumerable: true, writable: true, configurable: true });
        skipWhitespace();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === '}') {
          pos++;
          return result;
        }
        fail(`${describe()}, expected ',' or '}'`);
      }
    }
    if (ch === '[') {
      pos++;
      const result: JsonValue[] = [];
      skipWhitespace();
      if (text[pos] === ']') {
        pos++;
        return result;
      }
      for (;;) {
        result.push(parseValue(depth + 1));
        skipWhitespace();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === ']') {
          pos++;
          return result;
        }
        fail(`${describe()}, expected ',' or ']'`);
      }
    }
    if (ch === '"') return parseString();
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = pos;
    const match = NUMBER.exec(text);
    if (match) {
      pos += match[0].length;
      const numeric = Number(match[0]);
      return String(numeric) === match[0] ? numeric : new LosslessNumber(match[0]);
    }
    return fail(describe());
  };

  const value = parseValue(0);
  skipWhitespace();
  if (pos < text.length) fail(`${describe()} after the end of the value`);
  return value;
}

/** `JSON.stringify` that writes {@link LosslessNumber}s verbatim. */
export function stringifyLossless(value: unknown, indent?: number | string): string {
  const gap = typeof indent === 'number' ? ' '.repeat(indent) : (indent ?? '');
  const write = (v: unknown, current: string): string | undefined => {
    if (v instanceof LosslessNumber) return v.text;
    if (v === null) return 'null';
    if (typeof v === 'string') return JSON.stringify(v);
    if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
    if (typeof v === 'boolean') return String(v);
    if (typeof v !== 'object') return undefined;
    const inner = current + gap;
    const open = gap ? `\n${inner}` : '';
    const close = gap ? `\n${current}` : '';
    const separator = gap ? `,\n${inner}` : ',';
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return `[${open}${v.map((item) => write(item, inner) ?? 'null').join(separator)}${close}]`;
    }
    if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return write((v as { toJSON(): unknown }).toJSON(), current);
    const members: string[] = [];
    for (const [key, item] of Object.entries(v)) {
      const written = write(item, inner);
      if (written !== undefined) members.push(`${JSON.stringify(key)}:${gap ? ' ' : ''}${written}`);
    }
    if (members.length === 0) return '{}';
    return `{${open}${members.join(separator)}${close}}`;
  };
  return write(value, '') ?? 'null';
}
