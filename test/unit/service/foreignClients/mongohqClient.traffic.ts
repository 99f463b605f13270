import type { ClientTraffic } from './traffic';

/**
 * rodrigosaito/mongohq-client, a small read-only Ruby client on HTTParty: every call is a GET with the key
 * as `_apikey` in the query string; answers become objects whose readers are the answer's member names.
 */
export const MONGOHQ_CLIENT: ClientTraffic = {
  client: 'mongohq-client (Ruby, HTTParty)',
  repository: 'rodrigosaito/mongohq-client',
  transport: 'GET with _apikey in the query string',
  calls: [
    { does: 'lists databases', method: 'GET', path: '/databases', key: ['query'], status: 200, list: true, reads: ['name', 'hostname', 'port', 'shared', 'plan'] },
    {
      does: 'reads database details',
      method: 'GET',
      path: '/databases/{db}',
      key: ['query'],
      status: 200,
      reads: ['db', 'collections', 'objects', 'avgObjSize', 'dataSize', 'storageSize', 'numExtents', 'indexes', 'indexSize', 'fileSize', 'nsSizeMB', 'ok', 'name', 'hostname', 'port', 'shared', 'plan'],
    },
    { does: 'lists collections', method: 'GET', path: '/databases/{db}/collections', key: ['query'], status: 200, list: true, reads: ['name', 'count', 'storageSize', 'avgObjSize', 'indexCount', 'ok'] },
    {
      does: 'reads one collection with its statistics',
      method: 'GET',
      path: '/databases/{db}/collections/{col}',
      key: ['query'],
      status: 200,
      reads: ['ns', 'count', 'size', 'avgObjSize', 'storageSize', 'numExtents', 'nindexes', 'lastExtentSize', 'paddingFactor', 'flags', 'totalIndexSize', 'indexSizes', 'ok'],
    },
    { does: 'lists documents', method: 'GET', path: '/databases/{db}/collections/{col}/documents', key: ['query'], status: 200, list: true, reads: ['_id'] },
    { does: 'reads one document', method: 'GET', path: '/databases/{db}/collections/{col}/documents/{doc}', key: ['query'], status: 200, reads: ['_id'] },
    { does: 'lists indexes', method: 'GET', path: '/databases/{db}/collections/{col}/indexes', key: ['query'], status: 200, list: true, reads: ['v', 'key', 'ns', 'name'] },
    { does: 'lists invoices', method: 'GET', path: '/invoices', key: ['query'], status: 200, list: true, reads: ['id', 'amount', 'balance', 'bill_date', 'is_paid'] },
    { does: 'reads one invoice', method: 'GET', path: '/invoices/{invoice}', key: ['query'], status: 200, reads: ['id', 'amount', 'balance', 'bill_date', 'is_paid'] },
    { does: 'lists plans', method: 'GET', path: '/plans', key: ['query'], status: 200, list: true, reads: ['name', 'slug', 'price', 'type'] },
  ],
};
