import { createCollection, deleteCollection, getCollectionStats, listCollections } from './handlers/collections';
import { updateCollection } from './handlers/collectionRules';
import { createDatabase, deleteDatabase, getDatabase, listDatabases } from './handlers/databases';
import { getDeployment, getDeploymentLogs, listDeployments } from './handlers/deployments';
import { createDocument, deleteDocument, getDocument, listDocuments, updateDocument, updateDocuments } from './handlers/documents';
import { createIndex, dropAllIndexes, dropIndex, getIndex, listIndexes } from './handlers/indexes';
import { getInvoice, listInvoices } from './handlers/invoices';
import { listPlans } from './handlers/plans';
import { copyDatabase } from './handlers/copyDatabase';
import { getDeploymentStats } from './handlers/deploymentStats';
import { listOperations } from './handlers/operations';
import { explainQuery } from './handlers/explain';
import { aggregate } from './handlers/aggregate';
import { getSlowQuery, listSlowQueries } from './handlers/slowQueries';
import { previewUpdate } from './handlers/updatePreview';
import { createUser, deleteUser, getUser, listUsers } from './handlers/users';
import type { Handler } from './http/types';
import type { Method } from './http/method';

interface Route {
  /** Path segments; `:name` captures a segment. */
  pattern: string[];
  methods: Partial<Record<Method, Handler>>;
}

const route = (path: string, methods: Route['methods']): Route => ({ pattern: path.split('/').filter(Boolean), methods });

const ORIGINAL_EXTRA_ROUTES: Route[] = [
  route('deployments/:name/stats', { GET: getDeploymentStats }),
  route('databases/:db/users', { GET: listUsers, POST: createUser }),
  route('databases/:db/users/:user', { GET: getUser, DELETE: deleteUser }),
  route('copy_database', { POST: copyDatabase }),
  route('databases/:db/ops', { GET: listOperations }),
  route('slow_queries/:db', { GET: listSlowQueries }),
  route('slow_queries/:db/:id', { GET: getSlowQuery }),
  route('databases/:db/collections/:col/explain', { GET: explainQuery }),
  // The dry run of a bulk update (issue 25): beyond the original too.
  route('databases/:db/collections/:col/update_preview', { POST: previewUpdate }),
  // Aggregation pipelines (issue 31): beyond the original too.
  route('databases/:db/collections/:col/aggregate', { POST: aggregate }),
];

/** The 25 endpoints of the interface. */
export const ROUTES: Route[] = [
  route('databases', { GET: listDatabases, POST: createDatabase }),
  route('databases/:db', { GET: getDatabase, DELETE: deleteDatabase }),
  route('databases/:db/collections', { GET: listCollections, POST: createCollection }),
  // PUT renames (the interface) or, with "validator", sets the collection's rules (issue 33: beyond the original).
  route('databases/:db/collections/:col', { GET: getCollectionStats, PUT: updateCollection, DELETE: deleteCollection }),
  route('databases/:db/collections/:col/documents', { GET: listDocuments, POST: createDocument, PUT: updateDocuments }),
  route('databases/:db/collections/:col/documents/:id', { GET: getDocument, PUT: updateDocument, DELETE: deleteDocument }),
  route('databases/:db/collections/:col/indexes', { GET: listIndexes, POST: createIndex, DELETE: dropAllIndexes }),
  route('databases/:db/collections/:col/indexes/:ind', { GET: getIndex, DELETE: dropIndex }),
  route('deployments', { GET: listDeployments }),
  route('deployments/:name', { GET: getDeployment }),
  route('deployments/:name/logs', { GET: getDeploymentLogs }),
  route('invoices', { GET: listInvoices }),
  route('invoices/:id', { GET: getInvoice }),
  route('plans', { GET: listPlans }),
  // Endpoints of the original service that the interface text leaves out (issue 12).
  ...ORIGINAL_EXTRA_ROUTES,
];

export function matchRoute(segments: string[]): { route: Route; params: Record<string, string> } | undefined {
  for (const candidate of ROUTES) {
    const pattern = candidate.pattern;
    if (pattern.length !== segments.length) continue;
    let position = 0;
    while (position < pattern.length && (pattern[position].startsWith(':') || pattern[position] === segments[position])) position++;
    if (position < pattern.length) continue;
    const params: Record<string, string> = {};
    for (let at = 0; at < pattern.length; at++) if (pattern[at].startsWith(':')) params[pattern[at].slice(1)] = segments[at];
    return { route: candidate, params };
  }
  return undefined;
}
