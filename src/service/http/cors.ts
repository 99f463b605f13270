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
 * origin of sandboxed frames and files) never matches. `https://*.vscode-cdn.net` allows one DNS label in place
 * of the `*`, nothing else: vscode.dev runs extensions in a frame whose origin is such a subdomain, chosen anew. No credentials are allowed: the key travels in the
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
  const wildcard = /^(https?:\/\/)\*\.(.*)$/i.exec(text);
  if (wildcard) return `${wildcard[1].toLowerCase()}*.${wildcardSuffix(wildcard[1] + wildcard[2], refused)}`;
  if (text.includes('*')) throw refused('a * stands only for the first label of a host, as in https://*.vscode-cdn.net');
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

/** The host (and port) after `*.`: at least two labels, so that `https://*.net` cannot allow a whole top-level domain. */
function wildcardSuffix(rest: string, refused: (why: string) => Error): string {
  const origin = normalizeAllowedOrigin(rest);
  const host = origin.slice(origin.indexOf('://') + 3);
  if (host.startsWith('[') || /^[\d.]+(:\d+)?$/.test(host) || host.split(':')[0].split('.').length < 2)
    throw refused('a * stands for the first label of a domain of at least two labels, as in https://*.vscode-cdn.net');
  return host;
}

/** Whether `origin` (already in the serialized form) is `scheme://LABEL.suffix` for the pattern `scheme://*.suffix`. */
function matchesWildcard(pattern: string, origin: string): boolean {
  const star = pattern.indexOf('*.');
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1);
  if (!origin.startsWith(prefix) || !origin.endsWith(suffix)) return false;
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(origin.slice(prefix.length, origin.length - suffix.length));
}

export interface CorsHeaders {
  /** The headers every answer to this request carries (empty for an origin not allowed). */
  readonly answer: Record<string, string>;
  /** The whole answer to a CORS preflight from an allowed origin, or undefined when the request is no such preflight. */
  readonly preflight?: Record<string, string>;
  /** A preflight from an origin not allowed: that origin, for the log line that tells whoever runs the service. */
  readonly refusedOrigin?: string;
}

const MAX_ORIGIN_SHOWN = 200;

const isPreflight = (method: string | undefined, headers: IncomingHttpHeaders): boolean =>
  method === 'OPTIONS' && headers['access-control-request-method'] !== undefined;

/** An origin as a log line shows it: quoted, cut short (it is whatever the request sent). */
const shown = (origin: string): string => JSON.stringify(origin.slice(0, MAX_ORIGIN_SHOWN));

const NONE: CorsHeaders = { answer: {} };

export class CorsPolicy {
  private readonly origins: ReadonlySet<string>;
  private readonly wildcards: readonly string[];

  constructor(allowOrigins: readonly string[]) {
    const normalized = allowOrigins.map(normalizeAllowedOrigin);
    this.origins = new Set(normalized.filter((origin) => !origin.includes('*')));
    this.wildcards = normalized.filter((origin) => origin.includes('*'));
  }

  get enabled(): boolean {
    return this.origins.size > 0 || this.wildcards.length > 0;
  }

  private allows(origin: string): boolean {
    return this.origins.has(origin) || this.wildcards.some((pattern) => matchesWildcard(pattern, origin));
  }

  /** What to add for one request, by its Origin (and, for a preflight, what it asks to send). */
  headersFor(method: string | undefined, headers: IncomingHttpHeaders): CorsHeaders {
    const origin = headers.origin;
    if (!this.enabled)
      return isPreflight(method, headers) && typeof origin === 'string' ? { answer: {}, refusedOrigin: shown(origin) } : NONE;
    // Answers differ by Origin, so caches between must keep them apart.
    if (typeof origin !== 'string' || !SERIALIZED_ORIGIN.test(origin) || !this.allows(origin)) {
      const refused = isPreflight(method, headers) && typeof origin === 'string';
      return { answer: { Vary: 'Origin' }, ...(refused ? { refusedOrigin: shown(origin) } : {}) };
    }
    const answer = { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS, Vary: 'Origin' };
    if (!isPreflight(method, headers)) return { answer };
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
