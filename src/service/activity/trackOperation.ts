import type { Method } from '../http/method';
import type { Reply, RequestContext } from '../http/types';
import { describeOperation } from './operationDescription';
import { planNoteOf } from './slowQueryLog';

const isPromise = (value: unknown): value is Promise<Reply> => value instanceof Promise;

/**
 * Runs a handler as a database operation: listed as in progress while it runs (its answer's durable sync
 * included), and kept in the database's slow query log when it succeeds after the account's threshold.
 * A handler that answers at once is finished at once, without a turn of the event loop.
 */
export function trackOperation(
  context: RequestContext,
  method: Method,
  pattern: string[],
  run: () => Reply | Promise<Reply>,
  /** Time the run spent on what is not the operation's own work (the store loading a collection it names). */
  notCounted: () => number = () => 0,
): Reply | Promise<Reply> {
  const description = describeOperation(method, pattern, context);
  if (!description) return run();
  const { account, thread } = context;
  const startedAt = performance.now();
  const running = account.inProgress.start(description, thread);
  const succeeded = (reply: Reply): Reply => {
    account.slowQueries.consider(description, performance.now() - startedAt - notCounted(), thread, undefined, planNoteOf(context));
    account.inProgress.finish(running);
    return reply;
  };
  let outcome: Reply | Promise<Reply>;
  try {
    outcome = run();
    if (!isPromise(outcome)) return succeeded(outcome);
  } catch (error) {
    account.inProgress.finish(running);
    throw error;
  }
  return outcome.then(succeeded, (error: unknown) => {
    account.inProgress.finish(running);
    throw error;
  });
}
