import type { ClientTraffic } from './traffic';

/**
 * abishekrsrikaanth/mongohq-api-laravel4 (PHP, Guzzle 3). GET, PUT and DELETE put every member, the key
 * included, in the query string (PUT with an empty body); POST sends them as an
 * `application/x-www-form-urlencoded` body, the key as the form field `_apikey`, nested arrays as bracketed
 * members, `true` as "1" and `false` as "". The index calls build their paths without the slashes around the
 * collection name, so they name no endpoint. Answers are decoded as JSON arrays.
 */
export const MONGOHQ_LARAVEL: ClientTraffic = {
  client: 'mongohq-api-laravel4 (PHP, Guzzle 3)',
  repository: 'abishekrsrikaanth/mongohq-api-laravel4',
  transport: 'query string for GET/PUT/DELETE; form body (key as a form field) for POST',
  calls: [
    { does: 'lists databases', method: 'GET', path: '/databases', key: ['query'], status: 200, list: true, reads: ['name', 'plan'] },
    {
      does: 'creates a database',
      method: 'POST',
      path: '/databases',
      key: ['form'],
      form: { name: '{newDb}', slug: 'sandbox' },
      status: 200,
      reads: ['ok'],
    },
    {
      does: 'reads database info',
      method: 'GET',
      path: '/databases/{newDb}',
      key: ['query'],
      status: 200,
      reads: ['name', 'db', 'objects'],
    },
    { does: 'drops a database', method: 'DELETE', path: '/databases/{newDb}', key: ['query'], status: 200, reads: ['ok'] },
    {
      does: 'lists collections',
      method: 'GET',
      path: '/databases/{db}/collections',
      key: ['query'],
      status: 200,
      list: true,
      reads: ['name', 'count'],
    },
    {
      does: 'creates a collection',
      method: 'POST',
      path: '/databases/{db}/collections',
      key: ['form'],
      form: { name: '{newCol}' },
      status: 200,
      reads: ['ok'],
    },
    {
      does: 'reads collection statistics',
      method: 'GET',
      path: '/databases/{db}/collections/{newCol}',
      key: ['query'],
      status: 200,
      reads: ['ns', 'count'],
    },
    {
      does: 'renames a collection with the new name in the query string',
      method: 'PUT',
      path: '/databases/{db}/collections/{newCol}',
      key: ['query'],
      query: { name: '{newCol}_renamed' },
      status: 200,
      reads: ['ok'],
    },
    {
      does: 'drops the renamed collection',
      method: 'DELETE',
      path: '/databases/{db}/collections/{newCol}_renamed',
      key: ['query'],
      status: 200,
      reads: ['ok'],
    },
    {
      does: 'lists indexes (path without slashes around the collection)',
      method: 'GET',
      path: '/databases/{db}/collections{col}indexes',
      key: ['query'],
      status: 404,
      reads: ['error'],
    },
    {
      does: 'creates an index (path without slashes around the collection)',
      method: 'POST',
      path: '/databases/{db}/collections{col}indexes',
      key: ['form'],
      form: { 'spec[kind]': '1', unique: '' },
      status: 404,
      reads: ['error'],
    },
    {
      does: 'drops one index (path without slashes)',
      method: 'DELETE',
      path: '/databases/{db}/collections{col}indexes/kind_1',
      key: ['query'],
      status: 404,
      reads: ['error'],
    },
    {
      does: 'drops all indexes (path without slashes)',
      method: 'DELETE',
      path: '/databases/{db}/collections{col}indexes',
      key: ['query'],
      status: 404,
      reads: ['error'],
    },
    {
      does: 'creates a user by inserting {user, pwd, readonly} into system.users, pwd the md5 digest of user:mongo:password (Users::create)',
      method: 'POST',
      path: '/databases/{db}/collections/system.users/documents',
      key: ['form'],
      form: { 'document[user]': 'laravel', 'document[pwd]': '5f4dcc3b5aa765d61d8327deb882cf99', 'document[readonly]': '', safe: '1' },
      status: 200,
      reads: ['ok'],
    },
  ],
};
