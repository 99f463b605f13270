import { stringifyLossless } from '../json/lossless';
import type { JsonObject } from '../json/lossless';
import { pipelineWrite } from '../aggregation/pipelineWrite';
import { countOf } from '../text/formatCount';
import { documentIdOfSegment } from '../api/documentIdOfSegment';
import { idKeyText } from '../documents/documentId';
import type { WriteMode } from './accountGuardrails';
import { accountTitle, modeLabel } from './accountGuardrails';

/** A request as it will be sent, without the key. */
export interface OutgoingRequest {
  method: string;
  /** Segments encoded, from `/`. */
  path: string;
  query?: Array<[string, string]>;
  body?: Record<string, unknown>;
}

/** `PUT /databases/shop/collections/orders/documents`, query parameters included. */
export function requestLine(request: OutgoingRequest): string {
  const query = (request.query ?? []).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return `${request.method} ${request.path}${query ? `?${query}` : ''}`;
}

/** The request line and, when there is one, the JSON body exactly as it is sent. */
export function requestText(request: OutgoingRequest): string {
  return request.body === undefined ? requestLine(request) : `${requestLine(request)}\n${stringifyLossless(request.body)}`;
}

/** What the service will touch, as far as the request tells. */
export type AffectedTarget =
  | { kind: 'matching'; db: string; col: string; criteria: JsonObject; multi: boolean; upsert: boolean }
  | { kind: 'document'; db: string; col: string; docId: string }
  | { kind: 'collection'; db: string; col: string }
  | { kind: 'database'; db: string }
  /** An aggregation whose last stage writes its results into `into` (same database). */
  | { kind: 'pipelineOutput'; db: string; col: string; stage: '$out' | '$merge'; into: string };

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

export function affectedTarget(request: OutgoingRequest): AffectedTarget | undefined {
  const segments = request.path.split('/').slice(1).map(decode);
  if (segments[0] !== 'databases' || segments.length < 2) return undefined;
  const [, db, collections, col, documents, docId] = segments;
  const method = request.method.toUpperCase();
  if (segments.length === 2) return method === 'DELETE' ? { kind: 'database', db } : undefined;
  if (collections !== 'collections' || col === undefined) return undefined;
  if (segments.length === 4) return method === 'DELETE' ? { kind: 'collection', db, col } : undefined;
  if (documents === 'aggregate' && segments.length === 5) {
    const write = pipelineWrite(request.body?.pipeline);
    return write && { kind: 'pipelineOutput', db: write.db ?? db, col, stage: write.stage, into: write.collection };
  }
  if (documents !== 'documents') return undefined;
  if (docId !== undefined) return { kind: 'document', db, col, docId };
  const body = request.body ?? {};
  if (method === 'PUT' && typeof body.criteria === 'object' && body.criteria !== null) {
    return { kind: 'matching', db, col, criteria: body.criteria as JsonObject, multi: body.multi === true, upsert: body.upsert === true };
  }
  return undefined;
}

/** What a confirmation says the write affects; `count` is the service's count of the documents concerned, when it gave one. */
export function affectedText(target: AffectedTarget | undefined, count: number | undefined): string {
  if (!target) return 'Affects: what the request names.';
  const known = count !== undefined;
  switch (target.kind) {
    case 'document':
      return `Affects: the document ${idKeyText(documentIdOfSegment(target.docId))} in ${target.db}.${target.col}.`;
    case 'collection':
      return `Affects: the collection ${target.db}.${target.col}${known ? ` and its ${countOf(count, 'document')}` : ' and all its documents'}.`;
    case 'database':
      return `Affects: the database ${target.db}${known ? ` and its ${countOf(count, 'collection')}` : ' and all its collections'}.`;
    case 'pipelineOutput': {
      const now = known ? ` (it holds ${countOf(count, 'document')} now)` : '';
      const how = target.stage === '$out' ? 'replaced by the results' : 'the results merged into it';
      return `Affects: the collection ${target.db}.${target.into}${now}: ${how} of the pipeline on ${target.db}.${target.col}${target.stage === '$out' ? '; what it holds now is lost' : ''}.`;
    }
    case 'matching': {
      if (!known) return `Affects: the documents of ${target.db}.${target.col} matching the criteria (the service did not say how many).`;
      if (count === 0) return `Affects: no document matches in ${target.db}.${target.col}${target.upsert ? '; one will be inserted' : ''}.`;
      const matches = `${countOf(count, 'document')} match${count === 1 ? 'es' : ''} in ${target.db}.${target.col}`;
      return `Affects: ${matches}; ${target.multi || count === 1 ? `${count === 1 ? 'it is' : 'all are'} updated` : 'only the first is updated (multi: false)'}.`;
    }
  }
}

/** Why a write was not sent: the account, its mode, the request. */
export function refusalText(label: string, tag: string | undefined, mode: WriteMode, request: OutgoingRequest): string {
  return `The account "${accountTitle(label, tag)}" is ${modeLabel(mode)}: ${requestLine(request)} was not sent. Change its mode with "Account Settings…" on the account.`;
}

export function confirmationTitle(label: string, tag: string | undefined, request: OutgoingRequest): string {
  return `${tag ? `[${tag.toUpperCase()}] ` : ''}Send this ${request.method.toUpperCase()} to "${label}"?`;
}
