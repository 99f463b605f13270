import type { SeededRandom } from '../../support/seededRandom';

/** One request for the fuzzer to send through node:http. */
export interface FuzzRequest {
  kind: 'http';
  method: string;
  /** Path and query string, as sent (it may be invalid on purpose). */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Whether the body is over the service's 16 MB limit (the service may close the connection while it is sent). */
  oversized?: boolean;
}

/** Bytes written straight to a TCP socket: broken HTTP. */
export interface RawRequest {
  kind: 'raw';
  bytes: Buffer;
}

export type FuzzCase = FuzzRequest | RawRequest;

export interface FuzzKeys {
  /** The account the fuzzer may change. */
  fuzz: string;
  /** The reference account: only ever read, its data must not change. */
  reference: string;
}

const ROUTES = [
  ['databases'],
  ['databases', ':db'],
  ['databases', ':db', 'collections'],
  ['databases', ':db', 'collections', ':col'],
  ['databases', ':db', 'collections', ':col', 'documents'],
  ['databases', ':db', 'collections', ':col', 'documents', ':id'],
  ['databases', ':db', 'collections', ':col', 'indexes'],
  ['databases', ':db', 'collections', ':col', 'indexes', ':ind'],
  ['deployments'],
  ['deployments', ':name'],
  ['deployments', ':name', 'logs'],
  ['invoices'],
  ['invoices', ':id'],
  ['plans'],
];

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const ODD_METHODS = ['PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL', 'LOCK'];
const KNOWN_NAMES = [
  'fz',
  'fz2',
  'inventory',
  'shop',
  'metrics',
  'items',
  'things',
  'products',
  'orders',
  'customers',
  'events',
  '_id_',
  'n_1',
  'name_1',
];
const WEIRD_NAMES = [
  '',
  '.',
  '..',
  'a.b',
  'system.indexes',
  'system.x',
  '$cmd',
  'a$b',
  'a b',
  'a"b',
  'a/b',
  'a\\b',
  '\u0000',
  'ü',
  '日本',
  '😀',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'prototype',
  '-1',
  '0',
  '1e3',
  '{"$oid":"0"}',
];
const BAD_ENCODINGS = ['%', '%z', '%zz', '%E0%A4%A', '%C0%AF', '%FF', '%00', '%2F', '%252F', '%%', '%u0041', '%E2%82'];
const NAME_ALPHABET = 'abcxyzAZ019_-.$ /\\"\'`~!@#*()[]{}|;:,<>?=+&%üé日😀\u0000\t';
const KEYS = [
  'a',
  'b',
  'name',
  'n',
  'x.y',
  '_id',
  '$set',
  '$unset',
  '$inc',
  '$push',
  '$pull',
  '$addToSet',
  '$rename',
  '$min',
  '$max',
  '$mul',
  '$pop',
  '$bit',
  '$currentDate',
  '$setOnInsert',
  '$each',
  '$gt',
  '$gte',
  '$lt',
  '$in',
  '$nin',
  '$ne',
  '$exists',
  '$type',
  '$regex',
  '$options',
  '$where',
  '$expr',
  '$elemMatch',
  '$size',
  '$mod',
  '$all',
  '$and',
  '$or',
  '$nor',
  '$not',
  '$text',
  '$search',
  '$near',
  '$jsonSchema',
  '$oid',
  '$date',
  '$numberLong',
  '$function',
  '$accumulator',
  '',
  '.',
  'a..b',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '😀',
  'a\u0000b',
];
const STRINGS = [
  '',
  'a',
  'abc',
  '0',
  'true',
  'null',
  '(',
  '[a-',
  '(a+)+$',
  '.*',
  '\\',
  '"',
  '\u0000',
  '\ud800',
  '😀',
  '5f1d7c0e9b1e8a3d4c2b1a09',
  'ZZZZZZZZZZZZZZZZZZZZZZZZ',
  '2024-01-01T00:00:00Z',
  'not a date',
  'sandbox',
  'medium',
  'dedicated-small',
  'no-such-plan',
  'function () { return true }',
  'this.a == 1',
];
const NUMBERS = [
  '0',
  '-0',
  '1',
  '-1',
  '1.5',
  '1e308',
  '1e400',
  '-1e400',
  '12345678901234567890',
  '9007199254740993',
  '0.1',
  '1E-400',
  '2147483648',
  '100',
  '101',
  '1000000',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/xml',
  '',
];
const INVALID_JSON = [
  '{',
  '}',
  '{"a":}',
  '{"a" 1}',
  "{'a': 1}",
  '{"a": 1,}',
  '[1, 2',
  'NaN',
  '{"a": NaN}',
  '{"a": undefined}',
  'nul',
  'tru',
  '{"a": 01}',
  '{"a": "\\x41"}',
  '{"a": "unterminated}',
  '\ufeff{"a": 1}',
  '{"a": 1} trailing',
  '{"a":1}{"b":2}',
  '{"a": "\u0001"}',
  '// comment\n{}',
  '{"a": .5}',
  '{"a": +1}',
];

/** Builds random and malformed requests against the service's interface. */
export class RequestGenerator {
  constructor(
    private readonly random: SeededRandom,
    private readonly keys: FuzzKeys,
  ) {}

  next(): FuzzCase {
    const r = this.random;
    const shape = r.weighted([
      [9000, 'endpoint'],
      [600, 'random-path'],
      [350, 'raw'],
      [40, 'huge'],
      [6, 'oversized'],
    ] as const);
    if (shape === 'raw') return this.raw();
    const method = r.chance(0.06) ? r.pick(ODD_METHODS) : r.pick(METHODS);
    const path = shape === 'random-path' ? this.randomPath() : this.endpointPath();
    const key = this.key(method);
    const query = this.query(key);
    const target = `${path}${query === '' ? '' : `?${query}`}`;
    const headers: Record<string, string> = {};
    let body: Buffer | undefined;
    let oversized = false;
    if (shape === 'huge') body = Buffer.from(this.hugeBody(), 'utf8');
    else if (shape === 'oversized') {
      body = Buffer.alloc(16 * 1024 * 1024 + r.int(1, 4096), 0x20);
      body.write('{"document": {"a": "', 0);
      oversized = true;
    } else if (method === 'POST' || method === 'PUT' || r.chance(0.05)) body = this.body();
    if (body !== undefined) {
      const type = r.chance(0.85) ? 'application/json' : r.pick(CONTENT_TYPES);
      if (type !== '') headers['Content-Type'] = type;
    }
    return { kind: 'http', method, target, headers, body, oversized };
  }

  private key(method: string): string | undefined {
    const r = this.random;
    // The reference account is only ever read: a lucky valid write must not change it.
    const reference = method === 'GET' && r.chance(0.1);
    return r.weighted([
      [85, reference ? this.keys.reference : this.keys.fuzz],
      [5, undefined],
      [3, ''],
      [5, `${this.keys.fuzz}x`],
      [2, this.keys.fuzz.toUpperCase()],
    ] as const);
  }

  private query(key: string | undefined): string {
    const r = this.random;
    const parts: string[] = [];
    if (key !== undefined) parts.push(`_apikey=${encodeURIComponent(key)}`);
    // A second key after the first: the service must read the first.
    if (key !== undefined && r.chance(0.02)) parts.push(`_apikey=${encodeURIComponent(this.keys.reference)}`);
    const count = r.weighted([
      [40, 0],
      [30, 1],
      [20, 2],
      [10, 4],
    ] as const);
    for (let i = 0; i < count; i++) {
      const name = r.weighted([
        [70, r.pick(['q', 'fields', 'sort', 'skip', 'limit'])],
        [20, r.pick(['count', 'safe', 'upsert', 'multi', 'name', 'slug'])],
        [10, r.text(r.int(0, 8), NAME_ALPHABET)],
      ] as const);
      parts.push(`${this.encode(name)}=${this.queryValue(name)}`);
    }
    return parts.join('&');
  }

  private queryValue(name: string): string {
    const r = this.random;
    if ((name === 'skip' || name === 'limit') && r.chance(0.6))
      return this.encode(r.pick([...NUMBERS, 'abc', '', ' 1', '0x10', '1.0', '-5', '99999999999999999999999']));
    const value = r.weighted([
      [50, () => this.json(r.int(0, 4))],
      [15, () => r.pick(INVALID_JSON)],
      [10, () => this.deepJson(r.int(50, 3000))],
      [10, () => r.text(r.int(0, 20), NAME_ALPHABET)],
      [15, () => `{"${r.pick(['a', 'name', '_id', 'n'])}": {"${r.pick(KEYS)}": ${this.json(2)}}}`],
    ] as const)();
    return r.chance(0.05) ? `${this.encode(value)}${r.pick(BAD_ENCODINGS)}` : this.encode(value);
  }

  private endpointPath(): string {
    const r = this.random;
    const route = r.pick(ROUTES);
    const segments = route.map((part) => (part.startsWith(':') ? this.segment() : part));
    if (r.chance(0.03)) segments.push(this.segment());
    if (r.chance(0.03)) segments.splice(r.int(0, segments.length - 1), 1);
    return `/${segments.join('/')}${r.chance(0.03) ? '/' : ''}`;
  }

  private randomPath(): string {
    const r = this.random;
    const segments = Array.from({ length: r.int(0, 9) }, () =>
      r.chance(0.5)
        ? r.pick(['databases', 'collections', 'documents', 'indexes', 'deployments', 'logs', 'invoices', 'plans'])
        : this.segment(),
    );
    const prefix = r.pick(['/', '//', '/./', '/../', '/%2e%2e/']);
    return `${prefix}${segments.join('/')}`;
  }

  /** One path segment, already encoded (or badly encoded on purpose). */
  private segment(): string {
    const r = this.random;
    return r.weighted([
      [55, () => this.encode(r.pick(KNOWN_NAMES))],
      [15, () => this.encode(r.pick(WEIRD_NAMES))],
      [15, () => this.encode(r.text(r.int(1, 30), NAME_ALPHABET))],
      [8, () => `${this.encode(r.pick(KNOWN_NAMES))}${r.pick(BAD_ENCODINGS)}`],
      [5, () => this.encode(r.text(r.int(200, 3000), 'abcdefgh'))],
      [2, () => String(r.int(0, 1e6))],
    ] as const)();
  }

  private encode(text: string): string {
    try {
      return encodeURIComponent(text);
    } catch {
      // A lone surrogate: sent as it is percent-encoded by hand, which is not valid UTF-8.
      return [...text].map((ch) => `%${(ch.charCodeAt(0) & 0xff).toString(16).padStart(2, '0')}`).join('');
    }
  }

  /** A body: mostly the members an endpoint reads, with right and wrong types. */
  private body(): Buffer {
    const r = this.random;
    const text = r.weighted([
      [25, () => `{"document": ${this.document()}${this.optional('safe')}}`],
      [10, () => `{"name": ${this.nameValue()}${r.chance(0.7) ? `, "slug": ${this.nameValue()}` : ''}}`],
      [
        15,
        () =>
          `{"criteria": ${this.json(3)}, "object": ${this.document()}${this.optional('upsert')}${this.optional('multi')}${this.optional('safe')}}`,
      ],
      [
        12,
        () =>
          `{"spec": ${this.indexSpec()}${this.optional('unique')}${this.optional('drop_dups')}${this.optional('background')}${r.chance(0.2) ? `, "min": ${r.pick(NUMBERS)}, "max": ${r.pick(NUMBERS)}` : ''}}`,
      ],
      [12, () => this.json(r.int(0, 5))],
      [14, () => r.pick(INVALID_JSON)],
      [6, () => `{"document": ${this.deepJson(r.int(50, 20000))}}`],
      [3, () => ''],
      [3, () => r.text(r.int(1, 200), NAME_ALPHABET)],
    ] as const)();
    if (r.chance(0.02)) return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0xff, 0xfe, 0xc0, 0x80])]);
    return Buffer.from(text, 'utf8');
  }

  private optional(member: string): string {
    const r = this.random;
    if (!r.chance(0.5)) return '';
    return `, "${member}": ${r.pick(['true', 'false', 'null', '1', '"yes"', '{}', '[]'])}`;
  }

  private nameValue(): string {
    const r = this.random;
    return r.weighted([
      [50, () => JSON.stringify(r.pick([...KNOWN_NAMES, ...WEIRD_NAMES, 'sandbox', 'medium', 'dedicated-small', 'nope']))],
      [20, () => JSON.stringify(r.text(r.int(0, 80), NAME_ALPHABET))],
      [30, () => this.json(2)],
    ] as const)();
  }

  private indexSpec(): string {
    const r = this.random;
    if (r.chance(0.3)) return this.json(2);
    const fields = Array.from(
      { length: r.int(0, 4) },
      () =>
        `"${r.pick(['a', 'b', 'name', 'n', 'x.y', '_id', '$a', '', 'loc'])}": ${r.pick(['1', '-1', '"2d"', '"2dsphere"', '"text"', '"hashed"', '0', '"x"', 'true', 'null', '{}'])}`,
    );
    return `{${fields.join(', ')}}`;
  }

  /** A document or an update with operators. */
  private document(): string {
    const r = this.random;
    if (r.chance(0.35)) {
      const operator = r.pick([
        '$set',
        '$unset',
        '$inc',
        '$push',
        '$pull',
        '$addToSet',
        '$rename',
        '$min',
        '$max',
        '$mul',
        '$pop',
        '$bit',
        '$currentDate',
        '$setOnInsert',
        '$foo',
      ]);
      return `{"${operator}": ${this.json(3)}${r.chance(0.2) ? `, "plain": 1` : ''}}`;
    }
    return this.json(r.int(1, 5), true);
  }

  /** Random JSON text, with big and odd numbers, operator keys, duplicate keys and odd strings. */
  private json(depth: number, object = false): string {
    const r = this.random;
    const kind = object
      ? 'object'
      : depth <= 0
        ? r.pick(['null', 'bool', 'number', 'string'] as const)
        : r.pick(['null', 'bool', 'number', 'string', 'array', 'object', 'object'] as const);
    switch (kind) {
      case 'null':
        return 'null';
      case 'bool':
        return r.chance(0.5) ? 'true' : 'false';
      case 'number':
        return r.chance(0.5) ? r.pick(NUMBERS) : String(r.int(-1000, 1000));
      case 'string':
        return JSON.stringify(r.chance(0.6) ? r.pick(STRINGS) : r.text(r.int(0, 30), NAME_ALPHABET));
      case 'array':
        return `[${Array.from({ length: r.int(0, 5) }, () => this.json(depth - 1)).join(', ')}]`;
      case 'object': {
        const members = Array.from({ length: r.int(0, 5) }, () => `${JSON.stringify(r.pick(KEYS))}: ${this.json(depth - 1)}`);
        if (r.chance(0.1) && members.length > 0) members.push(members[0]);
        return `{${members.join(', ')}}`;
      }
    }
  }

  private deepJson(depth: number): string {
    const r = this.random;
    if (r.chance(0.5)) return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const key = r.pick(['a', '$set', '$and', '$elemMatch']);
    return `${`{"${key}": `.repeat(depth)}1${'}'.repeat(depth)}`;
  }

  private hugeBody(): string {
    const r = this.random;
    const size = r.int(512 * 1024, 3 * 1024 * 1024);
    return r.weighted([
      [40, () => `{"document": {"big": "${'x'.repeat(size)}"}}`],
      [30, () => `{"document": {${Array.from({ length: Math.floor(size / 16) }, (_, i) => `"k${i}": ${i}`).join(', ')}}}`],
      [20, () => `{"document": {"list": [${Array.from({ length: Math.floor(size / 4) }, () => '1').join(',')}]}}`],
      [10, () => `{"document": {"big": "${'x'.repeat(size)}`],
    ] as const)();
  }

  private raw(): RawRequest {
    const r = this.random;
    const key = encodeURIComponent(this.keys.fuzz);
    const lines = r.pick([
      'GARBAGE\r\n\r\n',
      '\r\n\r\n\r\n',
      'GET\r\n\r\n',
      'GET / HTTP/9.9\r\n\r\n',
      `GET /databases?_apikey=${key} HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n`,
      `GET /databases?_apikey=${key} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      `POST /databases?_apikey=${key} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{"name": "fz`,
      `POST /databases?_apikey=${key} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{"name"\r\n0\r\n\r\n`,
      `PUT /databases/fz/collections/items/documents?_apikey=${key} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"cri\r\n`,
      `GET /databases?_apikey=${key} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(r.int(17_000, 40_000))}\r\n\r\n`,
      `GET /${'a/'.repeat(r.int(5_000, 10_000))}?_apikey=${key} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /databases?_apikey=${key} HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n`,
      `GET /databases?_apikey=${key} HTTP/1.1\r\nHost: x\r\n\u0000: \u0001\r\n\r\n`,
      `GET /databases?_apikey=${key}\u0000 HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET http://127.0.0.1/databases?_apikey=${key} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET * HTTP/1.1\r\nHost: x\r\n\r\n`,
      `CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /databases?_apikey=${key} HTTP/1.1\r\nHost: x\r\n\r\nGET /plans?_apikey=${key} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `POST /databases/fz/collections/items/documents?_apikey=${key} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999999999999999\r\n\r\n{}`,
    ]);
    return { kind: 'raw', bytes: Buffer.from(lines, 'utf8') };
  }
}
