import type { IncomingHttpHeaders } from 'node:http';
import { KEY_HEADER } from './legacyTransport';
import { COUNT_HEADER, LEGACY_COUNT_HEADER } from '../handlers/documents';

/**
 * Cross-origin answers for the browser origins the service is told to serve (`--allow-origin`), such as the
 * extension running in vscode.dev. A page of any other origin gets no CORS header, so its browser keeps the
 * answer from it; clients that are not browsers are not affected either way.
 *
 * An origin is compared as the browser serializes it (`https://vscode.dev`: lowercase scheme and host, no
 * default port, no path), exactly: a different case, a trailing slash, an encoded character or `null` (the
 * origin of sandboxed frames and files) never matches. No credentials are allowed: the key travels in the
 * MongoHQ-API-Token header, never in a cookie.
 */

/** The methods and request headers the extension sends; a preflight is answered with these. */
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = `Accept, Content-Type, ${KEY_HEADER}`;
/** The answer headers the extension reads besides the simple ones. */
const EXPOSED_HEADERS = [COUNT_HEADER, LEGACY_COUNT_HEADER, 'X-Service-Written', 'Retry-After'].join(', ');
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** `scheme://host[:port]` as a browser sends it, with nothing else. */
const SERIALIZED_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](:\d{1,5})?$/;

/**
 * The origin as a browser would send it, or an error saying why it cannot be one. Used on `--allow-origin`
 * values, so that a typo (a path, a trailing slash, `*`) is refused at start rather than silently never matching.
 */
export function normalizeAllowedOrigin(text: string): string {
  const refused = (why: string) => new Error(`--allow-origin "${text}" is not an origin: ${why}`);
  if (text === '*') throw refused('every origin cannot be allowed; name each one, such as https://vscode.dev');
  if (text === 'null') throw refused('the "null" origin (sandboxed frames, files) cannot be allowed');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused('give scheme and host, such as https://vscode.dev or http://localhost:8080');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused('only http and https origins exist for a page');
  if (url.username || url.password) throw refused('an origin has no user name or password');
  if (url.pathname !== '/' || url.search || url.hash || /[?#]|[^/]\/$|:\/\/.*\//.test(text))
    throw refused('an origin has no path, query or fragment (no trailing slash either)');
  return url.origin;
}

export interface CorsHeaders {
  /** The headers every answer to this request carries (empty for an origin not allowed). */
  readonly answer: Record<string, string>;
  /** The whole answer to a CORS preflight from an allowed origin, or undefined when the request is no such preflight. */
  readonly preflight?: Record<string, string>;
}

const NONE: CorsHeaders = { answer: {} };

export class CorsPolicy {
  private readonly origins: ReadonlySet<string>;

  constructor(allowOrigins: readonly string[]) {
    this.origins = new Set(allowOrigins.map(normalizeAllowedOrigin));
  }

  get enabled(): boolean {
    return this.origins.size > 0;
  }

  /** What to add for one request, by its Origin (and, for a preflight, what it asks to send). */
  headersFor(method: string | undefined, headers: IncomingHttpHeaders): CorsHeaders {
    if (!this.enabled) return NONE;
    const origin = headers.origin;
    // Answers differ by Origin, so caches between must keep them apart.
    if (typeof origin !== 'string' || !SERIALIZED_ORIGIN.test(origin) || !this.origins.has(origin)) return { answer: { Vary: 'Origin' } };
    const answer = { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS, Vary: 'Origin' };
    if (method !== 'OPTIONS' || headers['access-control-request-method'] === undefined) return { answer };
    const preflight: Record<string, string> = {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
      Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    };
    // Chrome asks before a public page (vscode.dev) reaches a service on this machine or network.
    if (headers['access-control-request-private-network'] === 'true') preflight['Access-Control-Allow-Private-Network'] = 'true';
    return { answer, preflight };
  }
}
