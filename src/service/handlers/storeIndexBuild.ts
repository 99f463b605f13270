import type { RequestContext, Reply } from '../http/types';
import { OK } from '../http/types';
import type { IndexSpec } from '../query/indexes/indexSpec';
import { buildDuplicateConflict } from '../query/duplicateKey';
import type { Mutation } from '../store/mutations';
import type { StoreIndexBuilds } from '../store/storeIndexBuilds';
import { CollectionWanted } from '../store/storeIndexBuilds';
import { elapsed, logValue } from './lookup';

/**
 * Creates an index of a collection its store keeps without having loaded it (PostgreSQL): the store counts the
 * collection and finds a unique index's duplicates itself, as the service would walking it in natural order (a key it
 * cannot compare exactly has the request run again with the collection loaded); the store's own index is built once the
 * request committed, its progress listed among the current operations and in the index's record meanwhile. Answers,
 * refuses and logs as the service's own build does (indexes.ts).
 */
export async function createInStore(
  context: RequestContext,
  builds: StoreIndexBuilds,
  index: IndexSpec,
  startedAt: number,
): Promise<Reply> {
  const { account, params, thread } = context;
  const { db, col } = params;
  const scan = await builds.scan(db, col, index, index.dropDups === true);
  if (scan.duplicates === 'unsure') throw new CollectionWanted(db, col);
  const duplicates = scan.duplicates ?? [];
  if (duplicates.length > 0 && !index.dropDups) throw buildDuplicateConflict(`${db}.${col}`, index, duplicates[0]);
  const mutations: Mutation[] = duplicates.map((doc): Mutation => ({ op: 'delete', db, col, id: doc._id }));
  mutations.push({ op: 'createIndex', db, col, index });
  account.store.commit(mutations, true);

  const build = builds.watch(db, col, index, scan.count - duplicates.length);
  const running = account.inProgress.start(
    { op: 'command', db, ns: `${db}.${col}`, query: { createIndexes: col, indexes: [{ key: index.key, name: index.name }] } },
    thread,
    () => build.progress(),
  );
  void build.settled.then(() => account.inProgress.finish(running));
  const background = index.background !== false && !index.unique && scan.count > 0;
  const outcome = background
    ? 'background started'
    : `${index.unique ? ' unique' : ''}; done, scanned ${scan.count} records, ${duplicates.length} duplicates dropped`;
  account.logOperation(
    db,
    thread,
    `build index ${db}.${col} ${logValue(index.key)}${background ? ' ' : ''}${outcome} ${elapsed(startedAt)}`,
    true,
  );
  return OK;
}
