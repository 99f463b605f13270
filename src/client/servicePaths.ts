import { MAX_PAGE_SIZE } from '../core/api/limits';
import { stringifyLossless } from '../core/json/lossless';
import type { DocumentQuery } from '../core/api/types';
import type { JsonValue } from '../core/json/lossless';
import { documentIdSegment, documentIdType } from '../core/api/documentIdSegment';
import { pathSegment } from './serviceAddress';
import type { ServiceAnswerText } from './transport';

const COUNT_HEADERS = ['x-service-count', 'x-mongohq-count'];

export function withoutUndefined(members: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(members).filter(([, value]) => value !== undefined));
}

export function countOf(answer: ServiceAnswerText): number | undefined {
  for (const header of COUNT_HEADERS) {
    const value = answer.headers.get(header);
    if (value !== null && /^\s*\d+\s*$/.test(value)) return Number(value);
  }
  return undefined;
}

export function databasePath(db: string): string {
  return `/databases/${pathSegment(db, 'database name')}`;
}

export function collectionPath(db: string, col: string): string {
  return `${databasePath(db)}/collections/${pathSegment(col, 'collection name')}`;
}

export function documentPath(db: string, col: string, id: JsonValue): string {
  return `${collectionPath(db, col)}/documents/${pathSegment(documentIdSegment(id), 'document id')}`;
}

/** The query beside {@link documentPath}: the service reads the segment as exactly that `_id`. */
export function documentIdQuery(id: JsonValue): Array<[string, string]> {
  return [['id_type', documentIdType(id)]];
}

/** The path and query of one document's endpoint: the service reads the segment as exactly that `_id`. */
export function documentTarget(db: string, col: string, id: JsonValue): { path: string; query: Array<[string, string]> } {
  return { path: documentPath(db, col, id), query: documentIdQuery(id) };
}

export function slowQueriesPath(db: string): string {
  return `/slow_queries/${pathSegment(db, 'database name')}`;
}

export function deploymentPath(name: string): string {
  return `/deployments/${pathSegment(name, 'deployment name')}`;
}

export function documentQueryParameters(query: DocumentQuery): Array<[string, string]> {
  const parameters: Array<[string, string]> = [];
  if (query.q !== undefined) parameters.push(['q', stringifyLossless(query.q)]);
  if (query.fields !== undefined) parameters.push(['fields', stringifyLossless(query.fields)]);
  if (query.sort !== undefined) parameters.push(['sort', stringifyLossless(query.sort)]);
  if (query.skip !== undefined && Number.isFinite(query.skip)) parameters.push(['skip', String(Math.max(0, Math.trunc(query.skip)))]);
  // Below 1 there is no page size to ask for: the parameter is left out and the service's default applies.
  if (query.limit !== undefined && Number.isFinite(query.limit) && Math.trunc(query.limit) >= 1) {
    parameters.push(['limit', String(Math.min(MAX_PAGE_SIZE, Math.trunc(query.limit)))]);
  }
  return parameters;
}
