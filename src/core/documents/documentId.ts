import type { JsonValue } from '../json/lossless';
import { LosslessNumber, isJsonObject, parseLossless, stringifyLossless } from '../json/lossless';
import { PathSegmentError, decodePathSegment, encodePathSegment } from './pathSegment';

const DOCUMENT_SUFFIX = '.json';
const DISPLAY_LIMIT = 40;
const OBJECT_ID_HEX = /^[0-9a-fA-F]{24}$/;
const INTEGER_TEXT = /^-?\d+$/;

/** The hex text of an extended-JSON object id `{"$oid": "..."}`, or undefined for any other value. */
export function objectIdHexOf(id: JsonValue): string | undefined {
  if (!isJsonObject(id)) return undefined;
  const keys = Object.keys(id);
  return keys.length === 1 && keys[0] === '$oid' && typeof id.$oid === 'string' ? id.$oid : undefined;
}

/** The text of a number `_id`, or undefined for any other value. */
export function numberTextOf(id: JsonValue): string | undefined {
  if (typeof id === 'number') return String(id);
  return id instanceof LosslessNumber ? id.text : undefined;
}

/** A short label for an `_id`: object ids as bare hex, strings quoted so "42" and 42 differ. */
export function displayId(id: JsonValue): string {
  const label = objectIdHexOf(id) ?? numberTextOf(id) ?? stringifyLossless(id);
  return label.length > DISPLAY_LIMIT ? `${label.slice(0, DISPLAY_LIMIT - 1)}…` : label;
}

/**
 * One text per `_id` value, and back ({@link idFromKeyText}): object ids as their hex, numbers as their text,
 * other values as JSON, and strings as themselves unless that text would read back as another value
 * (24 hex digits, or JSON such as `42`, `null`, `"x"`): those are written as a JSON string, so 42 and "42" differ.
 */
export function idKeyText(id: JsonValue): string {
  const hex = objectIdHexOf(id);
  if (hex !== undefined && OBJECT_ID_HEX.test(hex)) return hex.toLowerCase();
  if (typeof id !== 'string') return numberTextOf(id) ?? stringifyLossless(id);
  return OBJECT_ID_HEX.test(id) || readsAsJson(id) ? JSON.stringify(id) : id;
}

export function idFromKeyText(text: string): JsonValue {
  if (OBJECT_ID_HEX.test(text)) return { $oid: text };
  try {
    return parseLossless(text);
  } catch {
    return text;
  }
}

function readsAsJson(text: string): boolean {
  try {
    parseLossless(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether two `_id` values are the same: numbers by value (42, 42.0 and a lossless 42 are one), the rest exactly. */
export function sameDocumentId(a: JsonValue, b: JsonValue): boolean {
  const first = numberTextOf(a);
  const second = numberTextOf(b);
  if (first !== undefined || second !== undefined) {
    return first !== undefined && second !== undefined && canonicalNumber(first) === canonicalNumber(second);
  }
  return idKeyText(a) === idKeyText(b);
}

function canonicalNumber(text: string): string {
  return INTEGER_TEXT.test(text) ? BigInt(text).toString() : String(Number(text));
}

export interface DocumentLocation {
  db: string;
  col: string;
  /** The document's `_id` value. */
  docId: JsonValue;
}

export class DocumentPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentPathError';
  }
}

/** `/<db>/<col>/<id>.json`, the id written by {@link idKeyText}, each part escaped by {@link encodePathSegment}. */
export function encodeDocumentPath(location: DocumentLocation): string {
  const parts = [location.db, location.col, idKeyText(location.docId)].map(encodePathSegment);
  return `/${parts[0]}/${parts[1]}/${parts[2]}${DOCUMENT_SUFFIX}`;
}

export function decodeDocumentPath(path: string): DocumentLocation {
  const segments = path.split('/');
  if (segments.length !== 4 || segments[0] !== '' || !segments[3].endsWith(DOCUMENT_SUFFIX)) {
    throw new DocumentPathError(`${JSON.stringify(path)} is not a document path of the form /<database>/<collection>/<document id>.json`);
  }
  try {
    const keyText = decodePathSegment(segments[3].slice(0, -DOCUMENT_SUFFIX.length));
    const docId = idFromKeyText(keyText);
    // One document, one URI: `{"$oid": …}` or `42.0` would name the same document as its hex or `42`.
    if (idKeyText(docId) !== keyText) throw new DocumentPathError(`${JSON.stringify(path)} does not write its _id as ${idKeyText(docId)}`);
    return { db: decodePathSegment(segments[1]), col: decodePathSegment(segments[2]), docId };
  } catch (error) {
    if (error instanceof PathSegmentError)
      throw new DocumentPathError(`${JSON.stringify(path)} is not a valid document path: ${error.message}`);
    throw error;
  }
}
