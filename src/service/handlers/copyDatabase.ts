import { cloneDoc } from '../bson/extendedJson';
import { requireString } from '../http/params';
import type { Handler, Reply } from '../http/types';
import { checkDatabaseName } from '../names';
import type { Mutation } from '../store/mutations';
import { planRefusal } from './databases';
import { elapsed, requireDatabase } from './lookup';

/**
 * Copies a database's collections, indexes and documents into another database of the account: a new one on
 * the source's plan (so the free-database limit and payment rules apply), or an existing empty one. A copy
 * the rules refuse answers 200 with `copy: false` and the reason, as the original did; bad names are 400 and
 * a missing source 404. The copy is one journal entry: it happens whole or not at all.
 */
export const copyDatabase: Handler = ({ account, body, thread }) => {
  const startedAt = performance.now();
  const from = requireString(body, 'from');
  const to = requireString(body, 'to');
  checkDatabaseName(to);
  const source = requireDatabase(account, from);
  const answer = (error?: string): Reply => ({ body: error === undefined ? { copy: true, from, to } : { copy: false, from, to, error } });
  if (from === to) return answer('The source and the destination are the same database.');

  const mutations: Mutation[] = [];
  const target = account.state.databases.get(to);
  if (target) {
    if (target.collections.size > 0) return answer('Destination database is not empty.');
  } else {
    const plan = account.plan(source.slug);
    if (!plan) return answer(`The plan "${source.slug}" of "${from}" is no longer offered, so no database can be created on it.`);
    const refusal = planRefusal(account, plan);
    if (refusal) return answer(refusal);
    mutations.push({ op: 'createDatabase', name: to, slug: source.slug, created: new Date().toISOString() });
  }
  let documents = 0;
  for (const [name, data] of source.collections) {
    mutations.push({ op: 'createCollection', db: to, name });
    for (const index of data.indexes)
      if (index.name !== '_id_') mutations.push({ op: 'createIndex', db: to, col: name, index: { ...index } });
    for (const entry of data.entries) mutations.push({ op: 'put', db: to, col: name, doc: cloneDoc(entry.doc) });
    documents += data.count;
  }
  account.store.commit(mutations, true);
  account.logOperation(
    to,
    thread,
    `command admin.$cmd command: { copydb: 1, fromdb: ${JSON.stringify(from)}, todb: ${JSON.stringify(to)} } ${documents} documents ${elapsed(startedAt)}`,
    true,
  );
  return answer();
};
