import { createCollection, deleteCollection, getCollectionStats, listCollections, renameCollection } from '../handlers/collections';
import { createDatabase, deleteDatabase, getDatabase, listDatabases } from '../handlers/databases';
import { getDeployment, getDeploymentLogs, listDeployments } from '../handlers/deployments';
import { createDocument, deleteDocument, getDocument, listDocuments, updateDocument, updateDocuments } from '../handlers/documents';
import { createIndex, dropAllIndexes, dropIndex, listIndexes } from '../handlers/indexes';
import { getInvoice, listInvoices } from '../handlers/invoices';
import { listPlans } from '../handlers/plans';
import type { Handler } from './types';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Route {
  /** Path segments; `:name` captures a segment. */
  pattern: string[];
  methods: Partial<Record<Method, Handler>>;
}

const route = (path: string, methods: Route['methods']): Route => ({ pattern: path.split('/').filter(Boolean), methods });

/** The 25 endpoints of the interface. */
export const ROUTES: Route[] = [
  route('databases', { GET: listDatabases, POST: createDatabase }),
  route('databases/:db', { GET: getDatabase, DELETE: deleteDatabase }),
  route('databases/:db/collections', { GET: listCollections, POST: createCollection }),
  route('databases/:db/collections/:col', { GET: getCollectionStats, PUT: renameCollection, DELETE: deleteCollection }),
  route('databases/:db/collections/:col/documents', { GET: listDocuments, POST: createDocument, PUT: updateDocuments }),
  route('databases/:db/collections/:col/documents/:id', { GET: getDocument, PUT: updateDocument, DELETE: deleteDocument }),
  route('databases/:db/collections/:col/indexes', { GET: listIndexes, POST: createIndex, DELETE: dropAllIndexes }),
  route('databases/:db/collections/:col/indexes/:ind', { DELETE: dropIndex }),
  route('deployments', { GET: listDeployments }),
  route('deployments/:name', { GET: getDeployment }),
  route('deployments/:name/logs', { GET: getDeploymentLogs }),
  route('invoices', { GET: listInvoices }),
  route('invoices/:id', { GET: getInvoice }),
  route('plans', { GET: listPlans }),
];

export function matchRoute(segments: string[]): { route: Route; params: Record<string, string> } | undefined {
  for (const candidate of ROUTES) {
    if (candidate.pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = candidate.pattern.every((part, position) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = segments[position];
        return true;
      }
      return part === segments[position];
    });
    if (matches) return { route: candidate, params };
  }
  return undefined;
}
