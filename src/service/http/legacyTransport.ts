import type { IncomingHttpHeaders } from 'node:http';
import { isPlainObject } from '../bson/extendedJson';
import { parseStoredJson } from '../bson/storedJson';
import { badRequest, HttpError } from '../errors';
import { parseBody } from './body';
import type { Body } from './params';

/**
 * How the original service's own clients sent what the interface puts in the query string and the JSON
 * body. The interface's form stays the reference; these are also accepted:
 *
 * - the key in the `MongoHQ-API-Token` header, or as the form field `_apikey`, besides the `_apikey` query
 *   parameter; every place that carries one (the JSON member `_apikey` too) must hold the same key, or the
 *   answer is 401, so that a proxy reading one place and this service reading another never disagree;
 * - POST and PUT members in the query string (an empty body), nested as `document[_id]=p`, `a[]=x`;
 * - an `application/x-www-form-urlencoded` body, or a body of form text that is labelled JSON (the nodejs
 *   client); a body starting like JSON is always read as JSON.
 *
 * When a member comes in several places, the JSON body wins, then the form body, then the query string.
 * Text values are converted where the member's meaning asks for it, as the original did: the flags (`safe`,
 * `unique`…) from "true"/"1" and "false"/"0"/"", `min`/`max` from number text, index directions "1"/"-1" to
 * numbers, and a document given as JSON text (`document={"a":1}`) to that document. Other document values
 * stay text.
 */

export const KEY_HEADER = 'mongohq-api-token';
export const KEY_PARAMETER = '_apikey';
const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;
const MAX_MEMBERS = 1000;
const MAX_NESTING = 20;

const FLAG_MEMBERS = new Set(['safe', 'unique', 'background', 'drop_dups', 'upsert', 'multi', 'readOnly', 'readonly']);
const NUMBER_MEMBERS = new Set(['min', 'max']);
const DOCUMENT_MEMBERS = new Set(['document', 'criteria', 'object', 'spec']);
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

const isFormType = (contentType: string | undefined): boolean => contentType !== undefined && FORM_TYPE.test(contentType);

/** Form text: `name=value` pairs joined by `&`, and nothing that could start a JSON text. */
export function looksLikeFormText(text: string): boolean {
  if (!/^[A-Za-z_%]/.test(text)) return false;
  return text.split('&').every((pair) => /^[^=]+=[^=]*$/.test(pair));
}

/** `document[$set][method]` → ['document', '$set', 'method']; `tags[]` → ['tags', '']. */
function memberPath(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return [name];
  const path = [match[1]];
  for (const part of match[2].matchAll(/\[([^[\]]*)\]/g)) path.push(part[1]);
  return path;
}

function placeMember(target: Body, path: string[], value: string, name: string): void {
  if (path.length > MAX_NESTING) throw badRequest(`The member "${name}" is nested deeper than ${MAX_NESTING} levels`);
  let node: Record<string, unknown> | unknown[] = target;
  path.forEach((segment, position) => {
    if (FORBIDDEN_SEGMENTS.has(segment)) throw badRequest(`The member "${name}" uses the reserved name "${segment}"`);
    const last = position === path.length - 1;
    const nextIsList = !last && path[position + 1] === '';
    if (Array.isArray(node)) {
      if (segment !== '') throw badRequest(`The member "${name}" mixes a list ([]) with named members`);
      if (last) node.push(value);
      else node.push((node = nextIsList ? [] : {}) as never);
      return;
    }
    if (segment === '') throw badRequest(`The member "${name}" has an empty name`);
    const existing: unknown = node[segment];
    if (last) {
      if (existing !== undefined && typeof existing !== 'string')
        throw badRequest(`The member "${name}" is given both as a value and with nested members`);
      node[segment] = value;
      return;
    }
    if (existing === undefined) node = node[segment] = nextIsList ? [] : {};
    else if (typeof existing === 'object' && existing !== null && Array.isArray(existing) === nextIsList)
      node = existing as Record<string, unknown> | unknown[];
    else throw badRequest(`The member "${name}" is given both as a value and with nested members`);
  });
}

/** Members from name/value pairs (query string or form), without the key (its values go into `keys`); values are text. */
export function membersOf(pairs: URLSearchParams, keys: string[] = []): Body {
  const members: Body = {};
  let count = 0;
  for (const [name, value] of pairs) {
    if (name === KEY_PARAMETER) {
      keys.push(value);
      continue;
    }
    if (++count > MAX_MEMBERS) throw badRequest(`A request can carry at most ${MAX_MEMBERS} members`);
    placeMember(members, memberPath(name), value, name);
  }
  return members;
}

function flag(value: unknown): unknown {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  return value;
}

function number(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

function documentMember(member: string, value: unknown): unknown {
  if (typeof value === 'string' && value.trimStart().startsWith('{')) {
    try {
      return parseStoredJson(value);
    } catch (error) {
      throw badRequest(`"${member}" is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (member === 'spec' && isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([field, direction]) => [field, direction === '1' || direction === '-1' ? Number(direction) : direction]),
    );
  }
  return value;
}

function isEmpty(members: Body): boolean {
  for (const member in members) if (Object.hasOwn(members, member)) return false;
  return true;
}

/** Text members converted where their meaning asks for it (see the module comment). */
export function coerceMembers(members: Body): Body {
  const coerced: Body = {};
  for (const [member, value] of Object.entries(members)) {
    if (FLAG_MEMBERS.has(member)) coerced[member] = flag(value);
    else if (NUMBER_MEMBERS.has(member)) coerced[member] = number(value);
    else if (DOCUMENT_MEMBERS.has(member)) coerced[member] = documentMember(member, value);
    else coerced[member] = value;
  }
  return coerced;
}

function formPairs(text: string, contentType: string | undefined): URLSearchParams | undefined {
  const trimmed = text.trim();
  if (isFormType(contentType) || looksLikeFormText(trimmed)) return new URLSearchParams(trimmed);
  return undefined;
}

/** Why a request with keys that disagree is refused; it names no key. */
export const KEYS_DISAGREE =
  'The request carries different API keys (in the query string, the MongoHQ-API-Token header, a form field or the JSON body); send one key';

function refuseOtherKeys(key: string | undefined, given: readonly unknown[]): void {
  if (key === undefined) return;
  for (const other of given) if (other !== '' && other !== key) throw new HttpError(401, KEYS_DISAGREE);
}

/**
 * The members of a POST or PUT: the JSON body's, over the form body's, over the query string's. An empty
 * body with no members in the query string is refused as before. A key in the body (a form field or the
 * JSON member `_apikey`) must be `key`, the one the request was authenticated with; it is not a member.
 */
export function requestMembers(query: URLSearchParams, contentType: string | undefined, raw: Buffer, key?: string): Body {
  const fromQuery = coerceMembers(membersOf(query));
  const text = raw.toString('utf8');
  if (text.trim() === '') {
    if (Object.keys(fromQuery).length === 0) return parseBody(text);
    return fromQuery;
  }
  const form = formPairs(text, contentType);
  if (form) {
    const formKeys: string[] = [];
    const fromForm = coerceMembers(membersOf(form, formKeys));
    refuseOtherKeys(key, formKeys);
    return { ...fromQuery, ...fromForm };
  }
  const fromJson = parseBody(text);
  if (Object.hasOwn(fromJson, KEY_PARAMETER)) {
    refuseOtherKeys(key, [fromJson[KEY_PARAMETER]]);
    delete fromJson[KEY_PARAMETER];
  }
  // The parsed body is a new object of its own: it is the members as they are when the query string adds none.
  return isEmpty(fromQuery) ? fromJson : { ...fromQuery, ...fromJson };
}

/** A GET or DELETE is read without its body, but a form body's key must still agree with the request's. */
export function refuseOtherFormKey(contentType: string | undefined, raw: Buffer, key: string): void {
  const form = formPairs(raw.toString('utf8'), contentType);
  if (form) refuseOtherKeys(key, form.getAll(KEY_PARAMETER));
}

/** Whether a request other than a POST or PUT has a form body worth reading for its key. */
export function hasFormBody(headers: IncomingHttpHeaders): boolean {
  const length = Number(headers['content-length'] ?? 0);
  return isFormType(headers['content-type']) && (length > 0 || headers['transfer-encoding'] !== undefined);
}

/** Whether the key may be in the body: a form body, when neither the query string nor the header carries one. */
export function keyMayBeInBody(query: URLSearchParams, headers: IncomingHttpHeaders): boolean {
  return !query.get(KEY_PARAMETER) && !headerKey(headers) && isFormType(headers['content-type']);
}

/**
 * Whether a request is in the original clients' form as to what it accepts: it does not ask for JSON by its
 * Accept header. The original's clients never did (the Ruby gem goes through Faraday over Net::HTTP, which
 * accepts any type); the interface's own client sends `Accept: application/json` on every request. Where the
 * original answered a shape that the interface has since changed (deployment statistics), this decides which
 * one a request gets, whatever names it asks by.
 */
export function asksOriginalShape(headers: IncomingHttpHeaders): boolean {
  const accept = headers.accept;
  if (accept === undefined) return true;
  const ranges = (Array.isArray(accept) ? accept.join(',') : accept).split(',');
  return !ranges.some((range) => {
    const [type, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const refused = parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
    return type === 'application/json' && !refused;
  });
}

function headerKey(headers: IncomingHttpHeaders): string | undefined {
  const value = headers[KEY_HEADER];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || undefined;
}

/** The account key of a request, from the query string, the header or a form body; all that are given must agree. */
export function requestKey(query: URLSearchParams, headers: IncomingHttpHeaders, raw: Buffer | undefined): string {
  let found: string | undefined;
  const take = (key: string | undefined) => {
    if (!key) return;
    if (found !== undefined && found !== key) throw new HttpError(401, KEYS_DISAGREE);
    found = key;
  };
  for (const fromQuery of query.getAll(KEY_PARAMETER)) take(fromQuery);
  take(headerKey(headers));
  if (raw && isFormType(headers['content-type'])) {
    for (const fromForm of new URLSearchParams(raw.toString('utf8').trim()).getAll(KEY_PARAMETER)) take(fromForm);
  }
  if (found === undefined) throw new HttpError(401, 'The API key is missing: send it as the _apikey query parameter');
  return found;
}
