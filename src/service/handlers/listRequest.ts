import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../core/api/limits';
import type { Doc } from '../bson/extendedJson';
import { fromExtendedJson, isPlainObject } from '../bson/extendedJson';
import { badRequest } from '../errors';
import { queryDocument, queryInteger, queryJson } from '../http/params';
import type { PageRequest } from '../query/engine';

function parseProjection(query: URLSearchParams): Doc | undefined {
  const fields = queryJson(query, 'fields');
  if (fields === undefined) return undefined;
  if (Array.isArray(fields)) {
    if (!fields.every((field) => typeof field === 'string' && field.length > 0))
      throw badRequest('"fields" as an array must list field names (non-empty strings)');
    return Object.fromEntries(fields.map((field) => [field, 1]));
  }
  if (!isPlainObject(fields)) throw badRequest('"fields" must be a JSON array of field names or a JSON object such as {"name": 1}');
  return fromExtendedJson(fields, '"fields"') as Doc;
}

function parseSort(query: URLSearchParams): Doc | undefined {
  const sort = queryDocument(query, 'sort');
  if (sort === undefined) return undefined;
  for (const [field, direction] of Object.entries(sort)) {
    if (direction !== 1 && direction !== -1) throw badRequest(`"sort" directions must be 1 or -1 (field "${field}")`);
  }
  return sort;
}

/** The query parameters of the documents list (and of explain, which takes the same): `q`, `fields`, `sort`, `skip`, `limit`. */
export function parseListRequest(query: URLSearchParams): PageRequest {
  const q = queryDocument(query, 'q') ?? {};
  const projection = parseProjection(query);
  const sort = parseSort(query);
  const skip = queryInteger(query, 'skip') ?? 0;
  const requested = queryInteger(query, 'limit') ?? DEFAULT_PAGE_SIZE;
  const limit = requested === 0 ? MAX_PAGE_SIZE : Math.min(requested, MAX_PAGE_SIZE);
  return { q, projection, sort, skip, limit };
}
