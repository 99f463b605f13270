import type { Doc } from '../bson/extendedJson';
import { cloneDoc } from '../bson/extendedJson';
import { requireString } from '../http/params';
import type { Handler, Reply } from '../http/types';
import { checkDatabaseName } from '../names';
import { SLICE_MS } from '../query/slicedScan';
import type { IndexSpec } from '../store/mutations';
import type { Mutation } from '../store/mutations';
import type { Account } from '../account';
import { planRefusal } from './databases';
import { elapsed, requireDatabase } from './lookup';

const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A collection as it was when the copy began: documents are never changed in place (a write stores a new one), so these stay as they were. */
interface CollectionSnapshot {
  name: string;
  indexes: IndexSpec[];
  docs: Doc[];
}

/** Why the copy cannot be made now, or undefined; asked when it begins and again just before it is committed. */
function copyRefusal(account: Account, from: string, to: string, slug: string): string | undefined {
  if (from === to) return 'The source and the destination are the same database.';
  const target = account.state.databases.get(to);
  if (target) return target.collections.size > 0 ? 'Destination database is not empty.' : undefined;
  const plan = account.plan(slug);
  if (!plan) return `The plan "${slug}" of "${from}" is no longer offered, so no database can be created on it.`;
  return planRefusal(account, plan);
}

/** The documents' copies, made a slice of {@link SLICE_MS} at a time so that other requests are answered in between. */
async function copiedDocuments(to: string, snapshots: CollectionSnapshot[]): Promise<Mutation[]> {
  const puts: Mutation[] = [];
  for (const { name, docs } of snapshots) {
    let next = 0;
    while (next < docs.length) {
      const sliceEnd = performance.now() + SLICE_MS;
      do {
        for (const stop = Math.min(next + 16, docs.length); next < stop; next++)
          puts.push({ op: 'put', db: to, col: name, doc: cloneDoc(docs[next]) });
      } while (next < docs.length && performance.now() < sliceEnd);
      if (next < docs.length) await yieldToOtherRequests();
    }
  }
  return puts;
}

/**
 * Copies a database's collections, indexes and documents into another database of the account: a new one on
 * the source's plan (so the free-database limit and payment rules apply), or an existing empty one. A copy
 * the rules refuse answers 200 with `copy: false` and the reason, as the original did; bad names are 400 and
 * a missing source 404. The copy is of the source as it was when the request arrived (a write answered during
 * the copy is not in it, whole), is prepared in slices so that other requests are answered meanwhile, and is
 * committed as one journal entry: it happens whole or not at all, and is complete when answered.
 */
export const copyDatabase: Handler = async ({ account, body, thread }) => {
  const startedAt = performance.now();
  const from = requireString(body, 'from');
  const to = requireString(body, 'to');
  checkDatabaseName(to);
  const source = requireDatabase(account, from);
  const slug = source.slug;
  const answer = (error?: string): Reply => ({ body: error === undefined ? { copy: true, from, to } : { copy: false, from, to, error } });
  const refusal = copyRefusal(account, from, to, slug);
  if (refusal) return answer(refusal);

  const snapshots: CollectionSnapshot[] = [...source.collections].map(([name, data]) => ({
    name,
    indexes: data.indexes.map((index) => ({ ...index })),
    docs: data.entries.map((entry) => entry.doc),
  }));
  const puts = await copiedDocuments(to, snapshots);

  // Other requests ran meanwhile: the destination may have been created or filled, the free databases used up.
  const refusedNow = copyRefusal(account, from, to, slug);
  if (refusedNow) return answer(refusedNow);
  const mutations: Mutation[] = [];
  if (!account.state.databases.has(to)) mutations.push({ op: 'createDatabase', name: to, slug, created: new Date().toISOString() });
  for (const { name, indexes } of snapshots) {
    mutations.push({ op: 'createCollection', db: to, name });
    for (const index of indexes) if (index.name !== '_id_') mutations.push({ op: 'createIndex', db: to, col: name, index });
  }
  account.store.commit(mutations.concat(puts), true);
  account.logOperation(
    to,
    thread,
    `command admin.$cmd command: { copydb: 1, fromdb: ${JSON.stringify(from)}, todb: ${JSON.stringify(to)} } ${puts.length} documents ${elapsed(startedAt)}`,
    true,
  );
  return answer();
};
