import type { JsonValue } from '../json/lossless';
import { LosslessNumber, isJsonObject, stringifyLossless } from '../json/lossless';
import { PathSegmentError, decodePathSegment, encodePathSegment } from './pathSegment';

const DOCUMENT_SUFFIX = '.json';
const DISPLAY_LIMIT = 40;

/** The hex text of an extended-JSON object id `{"$oid": "..."}`, or undefined for any other value. */
export function objectIdHexOf(id: JsonValue): string | undefined {
  if (!isJsonObject(id)) return undefined;
  const keys = Object.keys(id);
  return keys.length === 1 && keys[0] === '$oid' && typeof id.$oid === 'string' ? id.$oid : undefined;
}

/** The `<doc_id>` the service expects in a document's URL path; it converts the text back to the `_id`'s type. */
export function idToPathSegment(id: JsonValue): string {
  const hex = objectIdHexOf(id);
  if (hex !== undefined) return hex;
  if (typeof id === 'string') return id;
  if (typeof id === 'number') return String(id);
  if (id instanceof LosslessNumber) return id.text;
  return stringifyLossless(id);
}

/** A short label for an `_id`: object ids as bare hex, strings quoted so "42" and 42 differ. */
export function displayId(id: JsonValue): string {
  const hex = objectIdHexOf(id);
  const label = hex ?? (typeof id === 'number' || id instanceof LosslessNumber ? idToPathSegment(id) : stringifyLossless(id));
  return label.length > DISPLAY_LIMIT ? `${label.slice(0, DISPLAY_LIMIT - 1)}…` : label;
}

export interface DocumentLocation {
  db: string;
  col: string;
  /** The document's `_id` as {@link idToPathSegment} writes it. */
  docId: string;
}

export class DocumentPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentPathError';
  }
}

/** `/<db>/<col>/<docId>.json`, each part escaped by {@link encodePathSegment}. */
export function encodeDocumentPath(location: DocumentLocation): string {
  const parts = [location.db, location.col, location.docId].map(encodePathSegment);
  return `/${parts[0]}/${parts[1]}/${parts[2]}${DOCUMENT_SUFFIX}`;
}

export function decodeDocumentPath(path: string): DocumentLocation {
  const segments = path.split('/');
  if (segments.length !== 4 || segments[0] !== '' || !segments[3].endsWith(DOCUMENT_SUFFIX)) {
    throw new DocumentPathError(`${JSON.stringify(path)} is not a document path of the form /<database>/<collection>/<document id>.json`);
  }
  try {
    return {
      db: decodePathSegment(segments[1]),
      col: decodePathSegment(segments[2]),
      docId: decodePathSegment(segments[3].slice(0, -DOCUMENT_SUFFIX.length)),
    };
  } catch (error) {
    if (error instanceof PathSegmentError)
      throw new DocumentPathError(`${JSON.stringify(path)} is not a valid document path: ${error.message}`);
    throw error;
  }
}
