import type { Doc } from '../bson/extendedJson';
import { cloneDoc } from '../bson/extendedJson';
import { requireString } from '../http/params';
import type { Handler, Reply } from '../http/types';
import { checkDatabaseName } from '../names';
import { SLICE_MS } from '../query/slicedScan';
import { CollectionData } from '../query/collectionData';
import type { IndexSpec } from '../query/indexes/indexSpec';
import type { DocumentsCopy } from '../store/accountStore';
import type { Mutation } from '../store/mutations';
import { CollectionWanted } from '../store/storeIndexBuilds';
import type { Account } from '../account';
import { planRefusal } from './databases';
import { elapsed, requireDatabase } from './lookup';
import type { StoredRules } from '../query/storedRules';
import { RULES_WARNING_HEADER, WriteRules } from './writeRules';

const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A collection as it was when the copy began: documents are never changed in place (a write stores a new one), so these stay as they were. */
interface CollectionSnapshot {
  name: string;
  indexes: IndexSpec[];
  rules: StoredRules | undefined;
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

interface PreparedCopy {
  /** The copy's journal entry: the collections, their indexes, then every document. */
  mutations: Mutation[];
  /** The same collections built aside, swapped into the destination at once when the entry is written. */
  collections: Map<string, CollectionData>;
  /** Each collection's rules as they applied to its copied documents. */
  rules: WriteRules[];
}

/** The documents' copies and the collections holding them, made a slice of {@link SLICE_MS} at a time so that other requests are answered in between. */
async function preparedCopy(to: string, snapshots: CollectionSnapshot[]): Promise<PreparedCopy> {
  const mutations: Mutation[] = [];
  const collections = new Map<string, CollectionData>();
  const checks: WriteRules[] = [];
  for (const { name, indexes, rules } of snapshots) {
    const data = new CollectionData();
    mutations.push({ op: 'createCollection', db: to, name });
    for (const index of indexes) {
      if (index.name === '_id_') continue;
      mutations.push({ op: 'createIndex', db: to, col: name, index });
      data.addIndex(index);
    }
    if (rules) mutations.push({ op: 'setRules', db: to, col: name, rules: rules.settings });
    data.rules = rules;
    collections.set(name, data);
  }
  for (const { name, docs, rules } of snapshots) {
    const data = collections.get(name)!;
    // A copied document is checked as a write of the same document: under moderate, one that broke the rules already is copied as it is.
    const check = new WriteRules(`${to}.${name}`, rules);
    checks.push(check);
    let next = 0;
    while (next < docs.length) {
      const sliceEnd = performance.now() + SLICE_MS;
      do {
        for (const stop = Math.min(next + 16, docs.length); next < stop; next++) {
          const doc = cloneDoc(docs[next]);
          check.update(docs[next], doc);
          mutations.push({ op: 'put', db: to, col: name, doc });
          data.put(doc);
        }
      } while (next < docs.length && performance.now() < sliceEnd);
      if (next < docs.length) await yieldToOtherRequests();
    }
  }
  return { mutations, collections, rules: checks };
}

/**
 * Copies a database's collections, indexes and documents into another database of the account: a new one on
 * the source's plan (so the free-database limit and payment rules apply), or an existing empty one. A copy
 * the rules refuse answers 200 with `copy: false` and the reason, as the original did; bad names are 400 and
 * a missing source 404. The copy is of the source as it was when the request arrived (a write answered during
 * the copy is not in it, whole), is prepared and serialised in slices so that other requests are answered
 * meanwhile, and is committed as one journal entry, written in one append and synced off the event loop: it
 * happens whole or not at all (a reader never sees half of it), and is durable when answered. Each collection's
 * validation rules go with it, and its documents are checked against them as writes of the same documents: one
 * that a `strict`/`error` collection's rules refuse refuses the whole copy with a 400 (nothing is created).
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

  const inStore: DocumentsCopy = { from, to, collections: [], copied: 0 };
  const snapshots: CollectionSnapshot[] = [...source.collections].map(([name, data]) => {
    // Checked against its rules document by document in the service; any other copied by a store that can.
    const copiedInStore = account.store.copiesDocuments === true && data.rules === undefined;
    if (copiedInStore) inStore.collections.push(name);
    else if (!data.loaded) throw new CollectionWanted(from, name);
    const docs = copiedInStore ? [] : data.entries.map((entry) => entry.doc);
    return { name, indexes: data.indexes.map((index) => ({ ...index })), rules: data.rules, docs };
  });
  const copy = await preparedCopy(to, snapshots);
  const created: Mutation = { op: 'createDatabase', name: to, slug, created: new Date().toISOString() };
  // Found while the destination is in `state`: a store may leave it out until its next request (commitCopy).
  let members: string[] | undefined;

  // Other requests run meanwhile, until the entry is whole: the destination may be created or filled, the free databases used up.
  const refusedNow =
    copyRefusal(account, from, to, slug) ??
    // Replayed, `created` creates nothing when the destination already exists (empty, as checked below).
    (await account.store.commitCopy(
      [created, ...copy.mutations],
      () => {
        const refused = copyRefusal(account, from, to, slug);
        if (refused !== undefined) return refused;
        account.state.apply(created);
        const collections = account.state.databases.get(to)!.collections;
        for (const [name, data] of copy.collections) collections.set(name, data);
        members = account.placement(to)?.deployment?.members;
        return undefined;
      },
      inStore.collections.length > 0 ? inStore : undefined,
    ));
  if (refusedNow) return answer(refusedNow);
  const documents = snapshots.reduce((sum, { docs }) => sum + docs.length, inStore.copied);
  if (members)
    account.operations.record(
      members,
      thread,
      `command admin.$cmd command: { copydb: 1, fromdb: ${JSON.stringify(from)}, todb: ${JSON.stringify(to)} } ${documents} documents ${elapsed(startedAt)}`,
      true,
    );
  const warnings = copy.rules.flatMap((rules) => (rules.reply().body as { validationWarnings?: unknown[] }).validationWarnings ?? []);
  const warned = copy.rules.reduce((sum, rules) => sum + rules.warnedDocuments, 0);
  if (warned === 0) return answer();
  return {
    body: { copy: true, from, to, validationWarnings: warnings.slice(0, 100) },
    headers: { [RULES_WARNING_HEADER]: String(warned) },
  };
};
