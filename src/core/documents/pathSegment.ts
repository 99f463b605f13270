import { utf8Bytes } from '../text/utf8';
/**
 * Escaping of names and ids into one segment of a `dbhost:` URI path.
 *
 * Every character outside [A-Za-z0-9_.-] becomes `~XX` per UTF-8 byte (uppercase hex), a `.`-only
 * segment has its dots escaped too (so "." and ".." are never path navigation), and the empty
 * string becomes a lone `~`. The result holds only characters that URIs leave unreserved, so no
 * percent-encoding or decoding step (VS Code's `Uri.toString()`, `Uri.parse()`) can alter it and
 * a `/` inside a name never appears raw. Decoding accepts only this canonical form, so one
 * document has exactly one URI.
 */

const PLAIN = /^[A-Za-z0-9_.-]$/;
const ONLY_DOTS = /^\.+$/;
const EMPTY = '~';
// With the u flag a surrogate pair is one code point, so this matches only unpaired halves.
const UNPAIRED_SURROGATE = /[\uD800-\uDFFF]/u;

export class PathSegmentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PathSegmentError';
  }
}

function escapeBytes(char: string): string {
  let escaped = '';
  for (const byte of utf8Bytes(char)) escaped += `~${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return escaped;
}

export function encodePathSegment(text: string): string {
  if (text === '') return EMPTY;
  if (UNPAIRED_SURROGATE.test(text))
    throw new PathSegmentError(`${JSON.stringify(text)} contains an unpaired surrogate and cannot be written in a URI`);
  const escapeDots = ONLY_DOTS.test(text);
  let encoded = '';
  for (const char of text) encoded += PLAIN.test(char) && !(escapeDots && char === '.') ? char : escapeBytes(char);
  return encoded;
}

export function decodePathSegment(segment: string): string {
  if (segment === EMPTY) return '';
  const bytes: number[] = [];
  for (let i = 0; i < segment.length;) {
    if (segment[i] === '~') {
      const hex = segment.slice(i + 1, i + 3);
      if (!/^[0-9A-F]{2}$/.test(hex))
        throw new PathSegmentError(`Invalid escape "${segment.slice(i, i + 3)}" in URI path segment ${JSON.stringify(segment)}`);
      bytes.push(parseInt(hex, 16));
      i += 3;
    } else {
      bytes.push(...utf8Bytes(segment[i]));
      i++;
    }
  }
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(Uint8Array.from(bytes));
  } catch {
    throw new PathSegmentError(`URI path segment ${JSON.stringify(segment)} does not decode to UTF-8 text`);
  }
  if (encodePathSegment(decoded) !== segment) {
    throw new PathSegmentError(
      `URI path segment ${JSON.stringify(segment)} is not in the form this extension writes (expected ${JSON.stringify(encodePathSegment(decoded))})`,
    );
  }
  return decoded;
}
