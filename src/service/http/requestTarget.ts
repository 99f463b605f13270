import { HttpError } from '../errors';

export interface RequestTarget {
  /** The path segments, each percent-decoded once; `.` and `..` stay segments (names), never steps. */
  segments: string[];
  query: URLSearchParams;
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
const SLASH = 0x2f;

function decodeStrictly(text: string, what: string): string {
  // Most segments and parameters hold no escape at all.
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpError(
      400,
      `${what} holds an invalid percent-encoding (a "%" not followed by two hexadecimal digits, or bytes that are not UTF-8)`,
    );
  }
}

const plusAsSpace = (text: string): string => (text.includes('+') ? text.replace(/\+/g, ' ') : text);

/**
 * The request target, read as data. `new URL` would resolve `.`, `..` and their encoded forms (`%2e%2e`)
 * against the path, so `DELETE …/documents/%2e%2e` would name the collection; here every segment is
 * a name, and an encoded slash (`%2F`) stays inside its segment. A fragment (`#…`) is dropped, as a
 * browser never sends one. Percent-encodings must be valid UTF-8, in the path and the query alike.
 */
export function parseRequestTarget(raw = '/'): RequestTarget {
  let target = raw;
  // Only a target that does not start with "/" can be in absolute form (it starts with a scheme).
  if (target.charCodeAt(0) !== SLASH) {
    const absolute = ABSOLUTE_FORM.exec(target);
    if (absolute) target = target.slice(absolute[0].length) || '/';
    if (!target.startsWith('/')) throw new HttpError(400, 'The request target must be a path starting with "/"');
  }
  const fragment = target.indexOf('#');
  if (fragment >= 0) target = target.slice(0, fragment);
  const questionMark = target.indexOf('?');
  const path = questionMark >= 0 ? target.slice(0, questionMark) : target;
  const queryText = questionMark >= 0 ? target.slice(questionMark + 1) : '';

  const segments = path.split('/');
  segments.shift();
  if (segments.length > 0 && segments[segments.length - 1] === '') segments.pop();
  for (let i = 0; i < segments.length; i++) segments[i] = decodeStrictly(segments[i], 'The path');

  const query = new URLSearchParams();
  if (queryText === '') return { segments, query };
  for (const pair of queryText.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = equals >= 0 ? pair.slice(0, equals) : pair;
    const value = equals >= 0 ? pair.slice(equals + 1) : '';
    query.append(decodeStrictly(plusAsSpace(name), 'The query string'), decodeStrictly(plusAsSpace(value), 'The query string'));
  }
  return { segments, query };
}

/** Where a path may carry parameters (`;`, an encoded `?`, `#` or `;`), and the parameter name itself: nothing from there on is shown. */
const PARAMETER_START = /;|%3f|%23|%3b|apikey/i;

/**
 * The request path as the request log and error messages show it: without the query string or
 * fragment, and cut where a client may have put parameters (`;_apikey=…`, `%3F_apikey=…`), so that a
 * key sent there is never printed. Further scrubbing of the known keys is the caller's.
 */
export function displayPath(raw = '/'): string {
  const end = raw.search(/[?#]/);
  const path = end >= 0 ? raw.slice(0, end) : raw;
  const cut = path.search(PARAMETER_START);
  return cut >= 0 ? `${path.slice(0, cut)}…` : path;
}
