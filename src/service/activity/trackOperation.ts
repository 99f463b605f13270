import type { Method } from '../http/routes';
import type { Reply, RequestContext } from '../http/types';
import { describeOperation } from './operationDescription';
import { planNoteOf } from './slowQueryLog';

/**
 * Runs a handler as a database operation: listed as in progress while it runs, and kept in the database's
 * slow query log when it succeeds after the account's threshold.
 */
export async function trackOperation(
  context: RequestContext,
  method: Method,
  pattern: string[],
  run: () => Reply | Promise<Reply>,
): Promise<Reply> {
  const description = describeOperation(method, pattern, context);
  if (!description) return run();
  const { account, thread } = context;
  const startedAt = performance.now();
  const running = account.inProgress.start(description, thread);
  try {
    const reply = await run();
    account.slowQueries.consider(description, performance.now() - startedAt, thread, undefined, planNoteOf(context));
    return reply;
  } finally {
    account.inProgress.finish(running);
  }
}
