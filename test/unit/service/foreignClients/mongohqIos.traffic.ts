import type { ClientTraffic } from './traffic';

/**
 * xslim/MongoHq-iOS (RestKit over AFNetworking). The key travels in the `MongoHQ-API-Token` default header
 * (an earlier version appended `?_apikey=` to each path); bodies are JSON. Errors are read from `error` for
 * any 4xx or 5xx; a 401 makes the app ask for the key again. Document pages read `limit`/`skip` from the
 * query and the total from the `X-Mongohq-Count` header.
 */
export const MONGOHQ_IOS: ClientTraffic = {
  client: 'MongoHq for iOS (RestKit)',
  repository: 'xslim/MongoHq-iOS',
  transport: 'key header, JSON bodies',
  calls: [
    { does: 'lists plans', method: 'GET', path: '/plans', key: ['header'], status: 200, list: true, reads: ['name', 'slug', 'price', 'type'] },
    { does: 'lists databases', method: 'GET', path: '/databases', key: ['header'], status: 200, list: true, reads: ['name', 'plan', 'hostname', 'port'] },
    { does: 'creates a database, its plan sent as slug', method: 'POST', path: '/databases', key: ['header'], json: { name: '{newDb}', slug: 'sandbox' }, status: 200, reads: ['ok'] },
    { does: 'lists collections', method: 'GET', path: '/databases/{newDb}/collections', key: ['header'], status: 200, list: true, reads: [] },
    { does: 'creates a collection', method: 'POST', path: '/databases/{newDb}/collections', key: ['header'], json: { name: '{newCol}' }, status: 200, reads: ['ok'] },
    { does: 'lists collections with counts', method: 'GET', path: '/databases/{newDb}/collections', key: ['header'], status: 200, list: true, reads: ['name', 'count', 'indexCount', 'storageSize'] },
    { does: 'creates a document', method: 'POST', path: '/databases/{newDb}/collections/{newCol}/documents', key: ['header'], json: { document: { _id: 'ios1', title: 'from the phone' } }, status: 200, reads: ['ok'] },
    { does: 'pages documents, reading the total from the old count header', method: 'GET', path: '/databases/{newDb}/collections/{newCol}/documents', key: ['header'], query: { limit: '20', skip: '0' }, status: 200, list: true, reads: ['_id', 'title', 'header:X-Mongohq-Count'] },
    { does: 'updates a document', method: 'PUT', path: '/databases/{newDb}/collections/{newCol}/documents/ios1', key: ['header'], json: { document: { $set: { title: 'edited' } } }, status: 200, reads: ['ok'] },
    { does: 'deletes a document', method: 'DELETE', path: '/databases/{newDb}/collections/{newCol}/documents/ios1', key: ['header'], status: 200, reads: ['ok'] },
    { does: 'deletes a collection', method: 'DELETE', path: '/databases/{newDb}/collections/{newCol}', key: ['header'], status: 200, reads: ['ok'] },
    { does: 'deletes a database', method: 'DELETE', path: '/databases/{newDb}', key: ['header'], status: 200, reads: ['ok'] },
    { does: 'asks for the key again when a stored key is refused', method: 'GET', path: '/databases', key: [], status: 401, reads: ['error'] },
  ],
};
