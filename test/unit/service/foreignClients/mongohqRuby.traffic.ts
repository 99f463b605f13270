import type { ClientTraffic } from './traffic';

const DATABASE_INFO = ['name', 'plan', 'hostname', 'port', 'ok', 'objects', 'avgObjSize', 'storageSize', 'dataSize', 'fileSize', 'indexes', 'indexSize', 'nsSizeMB', 'numExtents'];
const MEMBER_STATS = ['host', 'currentTime', 'mem/resident', 'mem/virtual', 'mem/mapped', 'connections/current', 'opcounters/insert', 'opcounters/query', 'opcounters/update', 'opcounters/delete', 'opcounters/getmore', 'opcounters/command', 'network/bytesIn', 'network/bytesOut', 'globalLock/ratio', 'extra_info/page_faults', 'indexCounters/btree/misses', 'indexCounters/btree/accesses', 'globalLock/currentQueue/readers', 'globalLock/currentQueue/writers', 'globalLock/activeClients/readers', 'globalLock/activeClients/writers'];

/**
 * The service's own Ruby gem (0.5.7) and its `mongohq` command line. Faraday; every parameter, the key
 * included, goes into the query string, also for POST and PUT, whose body stays empty although the request
 * says `Content-Type: application/json`. Nested hashes become bracketed members (`document[_id]=p`), every
 * value as text. A 404 raises NotFoundError, a 403 ForbiddenError, a 500 carries `error`.
 */
export const MONGOHQ_RUBY: ClientTraffic = {
  client: 'mongohq-ruby (gem 0.5.7 and CLI)',
  repository: 'priya123/mongohq-ruby',
  transport: 'query string only, empty body labelled JSON',
  calls: [
    { does: 'lists databases (mongohq dbs)', method: 'GET', path: '/databases', key: ['query'], status: 200, list: true, reads: ['name', 'plan', 'hostname', 'port'] },
    { does: 'shows one database (mongohq dbs:show)', method: 'GET', path: '/databases/{db}', key: ['query'], status: 200, reads: DATABASE_INFO },
    { does: 'creates a database from a plan slug', method: 'POST', path: '/databases', key: ['query'], query: { name: '{newDb}', slug: 'sandbox' }, status: 200, reads: ['ok'] },
    { does: 'deletes that database after the typed confirmation', method: 'DELETE', path: '/databases/{newDb}', key: ['query'], status: 200, reads: ['ok'] },
    { does: 'lists collections (mongohq dbs:collections)', method: 'GET', path: '/databases/{db}/collections', key: ['query'], status: 200, list: true, reads: ['name', 'count', 'storageSize', 'avgObjSize', 'indexCount'] },
    { does: 'reads collection statistics', method: 'GET', path: '/databases/{db}/collections/{col}', key: ['query'], status: 200, reads: ['ns', 'count', 'size', 'storageSize', 'nindexes', 'indexSizes', 'ok'] },
    { does: 'creates a collection', method: 'POST', path: '/databases/{db}/collections', key: ['query'], query: { name: '{newCol}' }, status: 200, reads: ['ok'] },
    { does: 'renames that collection', method: 'PUT', path: '/databases/{db}/collections/{newCol}', key: ['query'], query: { name: '{newCol}_renamed' }, status: 200, reads: ['ok'] },
    { does: 'deletes the renamed collection', method: 'DELETE', path: '/databases/{db}/collections/{newCol}_renamed', key: ['query'], status: 200, reads: ['ok'] },
    { does: 'lists documents with a limit', method: 'GET', path: '/databases/{db}/collections/{col}/documents', key: ['query'], query: { limit: '5' }, status: 200, list: true, reads: ['_id'] },
    { does: 'reads one document', method: 'GET', path: '/databases/{db}/collections/{col}/documents/{doc}', key: ['query'], status: 200, reads: ['_id'] },
    {
      does: 'creates a document from nested members, with its own _id',
      method: 'POST',
      path: '/databases/{db}/collections/{col}/documents',
      key: ['query'],
      query: { 'document[_id]': 'p', 'document[method]': 'boiled', safe: 'true' },
      status: 200,
      reads: ['ok'],
    },
    {
      does: 'updates a document (the gem drops the slash after "collections", so the path names no endpoint)',
      method: 'PUT',
      path: '/databases/{db}/collections{col}/documents/p',
      key: ['query'],
      query: { 'document[$set][method]': 'poached' },
      status: 404,
      reads: ['error'],
    },
    { does: 'deletes the document it created', method: 'DELETE', path: '/databases/{db}/collections/{col}/documents/p', key: ['query'], status: 200, reads: ['ok'] },
    { does: 'lists indexes', method: 'GET', path: '/databases/{db}/collections/{col}/indexes', key: ['query'], status: 200, list: true, reads: ['name', 'key', 'ns'] },
    { does: 'creates an index with a direction sent as text', method: 'POST', path: '/databases/{db}/collections/{col}/indexes', key: ['query'], query: { 'spec[method]': '1', background: 'true' }, status: 200, reads: ['ok'] },
    { does: 'reads that one index', method: 'GET', path: '/databases/{db}/collections/{col}/indexes/method_1', key: ['query'], status: 200, reads: ['name', 'key', 'ns'] },
    { does: 'drops that index', method: 'DELETE', path: '/databases/{db}/collections/{col}/indexes/method_1', key: ['query'], status: 200, reads: ['ok'] },
    { does: 'adds a database user', method: 'POST', path: '/databases/{db}/users', key: ['query'], query: { user: 'new_user', password: 'sekret' }, status: 200, reads: ['ok'] },
    { does: 'lists database users', method: 'GET', path: '/databases/{db}/users', key: ['query'], status: 200, list: true, reads: ['user'] },
    { does: 'reads one database user', method: 'GET', path: '/databases/{db}/users/new_user', key: ['query'], status: 200, reads: ['user'] },
    { does: 'removes that database user', method: 'DELETE', path: '/databases/{db}/users/new_user', key: ['query'], status: 200, reads: ['ok'] },
    {
      does: 'lists users by reading the system.users collection (DatabaseUsers; the local service keeps users behind /users and has no such collection)',
      method: 'GET',
      path: '/databases/{db}/collections/system.users/documents',
      key: ['query'],
      status: 404,
      reads: ['error'],
    },
    { does: 'copies a database into a new one', method: 'POST', path: '/copy_database', key: ['query'], query: { from: '{db}', to: '{copyDb}' }, status: 200, reads: ['copy', 'from', 'to'] },
    { does: 'refuses to copy into a database that is not empty', method: 'POST', path: '/copy_database', key: ['query'], query: { from: '{db}', to: '{copyDb}' }, status: 200, reads: ['copy', 'from', 'to', 'error'] },
    { does: 'reads deployment statistics by the name derived from hostname and port (mongohq stats)', method: 'GET', path: '/deployments/{deployment}/stats', key: ['query'], status: 200, reads: ['time', 'members', ...MEMBER_STATS.map((field) => `members[].${field}`)] },
    { does: 'reads deployment logs by the derived name (mongohq logs)', method: 'GET', path: '/deployments/{deployment}/logs', key: ['query'], status: 200, list: true, reads: ['member', 'log'] },
    { does: 'lists plans to choose from', method: 'GET', path: '/plans', key: ['query'], status: 200, list: true, reads: ['slug', 'name', 'price', 'type'] },
  ],
};
