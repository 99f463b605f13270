import type { ClientTraffic } from './traffic';

/**
 * The npm package `mongohq` 0.3.1, written by the service's staff. Node's http module; every request says
 * `Content-Type: application/json` and carries the key in the `MongoHQ-API-Token` header, and every request
 * also writes the form text of its data plus `_apikey=KEY` as its body. A POST or PUT sends that body
 * chunked; a GET or DELETE sends it with no length at all, so on the wire it follows the request as stray
 * bytes. Node's querystring does not nest, so documents, updates and specs travel as JSON text in one member.
 * Answers are parsed as JSON and copied member by member onto model objects.
 */
export const MONGOHQ_NODEJS: ClientTraffic = {
  client: 'mongohq (npm 0.3.1)',
  repository: 'mwawrusch/mongohq-nodejs',
  transport: 'key header; form text body (labelled JSON), after GET/DELETE heads with no length',
  calls: [
    { does: 'lists databases', method: 'GET', path: '/databases', key: ['header', 'form'], trailingBody: true, status: 200, list: true, reads: ['name', 'plan', 'hostname', 'port'] },
    { does: 'finds one database', method: 'GET', path: '/databases/{db}', key: ['header', 'form'], trailingBody: true, status: 200, reads: ['name', 'db', 'objects'] },
    { does: 'creates a database', method: 'POST', path: '/databases', key: ['header', 'form'], form: { name: '{newDb}', slug: 'sandbox' }, declaredType: 'application/json', status: 200, reads: ['ok'] },
    { does: 'deletes a database (the client leaves the name out of the path)', method: 'DELETE', path: '/databases', key: ['header', 'form'], trailingBody: true, status: 405, reads: ['error'] },
    { does: 'reads current operations of a database', method: 'GET', path: '/databases/{db}/ops', key: ['header', 'form'], trailingBody: true, status: 200, reads: ['inprog'] },
    { does: 'lists slow queries of a database', method: 'GET', path: '/slow_queries/{db}', key: ['header', 'form'], trailingBody: true, status: 200, list: true, reads: ['_id', 'ts', 'op', 'ns', 'millis'] },
    { does: 'reads one slow query (as a list, like the list call)', method: 'GET', path: '/slow_queries/{db}/{op}', key: ['header', 'form'], trailingBody: true, status: 200, list: true, reads: ['_id', 'ts', 'op', 'ns', 'millis', 'query'] },
    { does: 'lists collections', method: 'GET', path: '/databases/{db}/collections', key: ['header', 'form'], trailingBody: true, status: 200, list: true, reads: ['name', 'count'] },
    { does: 'finds one collection', method: 'GET', path: '/databases/{db}/collections/{col}', key: ['header', 'form'], trailingBody: true, status: 200, reads: ['ns', 'count'] },
    { does: 'lists documents', method: 'GET', path: '/databases/{db}/collections/{col}/documents', key: ['header', 'form'], trailingBody: true, status: 200, list: true, reads: ['_id'] },
    { does: 'finds one document', method: 'GET', path: '/databases/{db}/collections/{col}/documents/{doc}', key: ['header', 'form'], trailingBody: true, status: 200, reads: ['_id'] },
    {
      does: 'creates a document given as JSON text',
      method: 'POST',
      path: '/databases/{db}/collections/{col}/documents',
      key: ['header', 'form'],
      form: { document: '{"_id":"n1","kind":"node"}', safe: 'true' },
      declaredType: 'application/json',
      status: 200,
      reads: ['ok'],
    },
    {
      does: 'updates that document with an update given as JSON text',
      method: 'PUT',
      path: '/databases/{db}/collections/{col}/documents/n1',
      key: ['header', 'form'],
      form: { document: '{"$set":{"kind":"edited"}}', safe: 'true' },
      declaredType: 'application/json',
      status: 200,
      reads: ['ok'],
    },
    { does: 'deletes that document', method: 'DELETE', path: '/databases/{db}/collections/{col}/documents/n1', key: ['header', 'form'], trailingBody: true, status: 200, reads: ['ok'] },
    { does: 'lists indexes', method: 'GET', path: '/databases/{db}/collections/{col}/indexes', key: ['header', 'form'], trailingBody: true, status: 200, list: true, reads: ['name', 'key'] },
    { does: 'creates an index from a spec given as JSON text', method: 'POST', path: '/databases/{db}/collections/{col}/indexes', key: ['header', 'form'], form: { spec: '{"kind":-1}' }, declaredType: 'application/json', status: 200, reads: ['ok'] },
    { does: 'drops that index', method: 'DELETE', path: '/databases/{db}/collections/{col}/indexes/kind_-1', key: ['header', 'form'], trailingBody: true, status: 200, reads: ['ok'] },
    { does: 'lists invoices', method: 'GET', path: '/invoices', key: ['header', 'form'], trailingBody: true, status: 200, list: true, reads: ['id', 'amount'] },
    { does: 'lists plans', method: 'GET', path: '/plans', key: ['header', 'form'], trailingBody: true, status: 200, list: true, reads: ['name', 'slug', 'price'] },
  ],
};
