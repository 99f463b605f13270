import type { Account } from '../account';
import type { CollectionData } from '../query/collectionData';
import type { QueryIndex } from '../query/indexes/queryIndex';

/** A build works this long before letting other requests run. */
const BUILD_SLICE_MS = 2;
/** The thread start-up builds are listed under among current operations, as the database names its start-up thread. */
const START_UP_THREAD = 'initandlisten';

const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Fills a background index (created empty, marked as building) in slices of {@link BUILD_SLICE_MS},
 * answering other requests between them; writes meanwhile index themselves (collectionData.ts). It is
 * listed among the database's current operations with its progress until it ends; a drop of the index
 * ends it early. The index was journalled when it was created, so a restart builds it whole.
 */
export async function buildInBackground(
  account: Account,
  db: string,
  col: string,
  data: CollectionData,
  index: QueryIndex,
  thread: string,
): Promise<void> {
  const build = index.build!;
  const steps = data.buildSteps(index);
  const running = account.inProgress.start(
    { op: 'command', db, ns: `${db}.${col}`, query: { createIndexes: col, indexes: [{ key: index.spec.key, name: index.name }] } },
    thread,
    () => ({ done: Math.min(build.done, build.total), total: build.total }),
  );
  try {
    await inSlices(steps, () => data.queryIndex(index.name) === index);
    index.build = undefined;
  } catch (error) {
    // Still marked as building, the index serves no query (each is answered without it, as before it was asked
    // for) and shows as building; the next start builds it whole. Detached, a build must never end the service.
    account.logOperation(
      db,
      thread,
      `Index build failed: ${db}.${col} ${index.name}: ${(error as Error)?.message ?? String(error)}`,
      false,
    );
  } finally {
    account.inProgress.finish(running);
  }
}

/** Runs `steps` a slice at a time, answering other requests between slices, while `going` holds. */
async function inSlices(steps: Generator<void, void>, going: () => boolean): Promise<void> {
  while (going()) {
    const sliceEnd = performance.now() + BUILD_SLICE_MS;
    do {
      if (steps.next().done) return;
    } while (performance.now() < sliceEnd);
    await yieldToOtherRequests();
  }
}

/**
 * What start-up leaves to after the service answers: the builds of the indexes the load left (AccountState.finishReplay),
 * one after another, then the sizes of the loaded documents (measured at once if statistics ask first).
 */
export async function completeStartUp(account: Account): Promise<void> {
  for (const { db, col, data, index } of account.state.takeWaitingBuilds()) {
    if (data.queryIndex(index.name) !== index) {
      index.build = undefined;
      continue;
    }
    await buildInBackground(account, db, col, data, index, START_UP_THREAD);
  }
  for (const [db, database] of [...account.state.databases])
    for (const [col, data] of [...database.collections]) {
      try {
        await inSlices(data.measureSteps(), () => true);
      } catch (error) {
        // What is left unmeasured is measured when statistics ask for it.
        account.logOperation(
          db,
          START_UP_THREAD,
          `Measuring ${db}.${col} after the start failed: ${(error as Error)?.message ?? String(error)}`,
          false,
        );
      }
    }
}
