/** The syncs the running request's durable writes wait for; undefined outside a request's synchronous work. */
let joined: Promise<void>[] | undefined;

/**
 * Runs a request so that its safe writes share fdatasyncs with the writes of other requests (group commit):
 * a durable commit made while `run` runs synchronously is appended at once and synced in the background, and
 * the answer is then a promise that settles only once every such write is synced, so nothing is acknowledged
 * before its bytes are on disk (without such a write, `run`'s answer is returned as it is; a throw is a rejection). A failed sync turns the answer into the journal's 503. Commits made later, after the
 * handler awaited something, are outside the group and sync before they return, as outside a request.
 */
export function withGroupCommit<T>(run: () => T | Promise<T>): T | Promise<T> {
  const outer = joined;
  const syncs: Promise<void>[] = [];
  joined = syncs;
  let outcome: T | Promise<T>;
  try {
    outcome = run();
  } catch (error) {
    outcome = Promise.reject(error as Error);
  } finally {
    joined = outer;
  }
  // Nothing to wait for: the answer as it is (a request without durable writes takes no extra turn).
  if (syncs.length === 0) return outcome;
  const synced = syncs.length === 1 ? syncs[0] : Promise.all(syncs).then(() => undefined);
  // Handled now: a sync may fail while an asynchronous handler still runs.
  synced.catch(() => undefined);
  if (!(outcome instanceof Promise)) {
    const value = outcome;
    return synced.then(() => value);
  }
  return settleAfter(outcome, synced);
}

async function settleAfter<T>(outcome: Promise<T>, synced: Promise<void>): Promise<T> {
  try {
    return await outcome;
  } finally {
    await synced;
  }
}

/** Where a durable commit leaves the sync it waits for, when it runs inside `withGroupCommit`. */
export function joinGroupCommit(): Promise<void>[] | undefined {
  return joined;
}
