import type { SeededRandom } from '../../support/seededRandom';
import { FuzzJson } from './fuzzJson';
import {
  BAD_ENCODINGS,
  CONTENT_TYPES,
  INVALID_JSON,
  KEYS,
  KNOWN_NAMES,
  METHODS,
  NAME_ALPHABET,
  NUMBERS,
  ODD_METHODS,
  ROUTES,
  WEIRD_NAMES,
} from './fuzzVocabulary';

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

/** Builds random and malformed requests against the service's interface. */
export class RequestGenerator {
  private readonly bodies: FuzzJson;

  constructor(
    private readonly random: SeededRandom,
    private readonly keys: FuzzKeys,
  ) {
    this.bodies = new FuzzJson(random);
  }

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
    if (shape === 'huge') body = Buffer.from(this.bodies.hugeBody(), 'utf8');
    else if (shape === 'oversized') {
      body = Buffer.alloc(16 * 1024 * 1024 + r.int(1, 4096), 0x20);
      body.write('{"document": {"a": "', 0);
      oversized = true;
    } else if (method === 'POST' || method === 'PUT' || r.chance(0.05)) body = this.bodies.body();
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
      [50, () => this.bodies.json(r.int(0, 4))],
      [15, () => r.pick(INVALID_JSON)],
      [10, () => this.bodies.deepJson(r.int(50, 3000))],
      [10, () => r.text(r.int(0, 20), NAME_ALPHABET)],
      [15, () => `{"${r.pick(['a', 'name', '_id', 'n'])}": {"${r.pick(KEYS)}": ${this.bodies.json(2)}}}`],
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
