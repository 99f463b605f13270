import * as vscode from 'vscode';
import type { DbHostApi, IndexRecord } from '../../core/api/types';
import { indexBuild } from '../../core/indexes/indexUsage';
import { formatCount } from '../../core/text/formatCount';
import { isServiceError } from '../../core/api/serviceError';

/** How many polls in a row may miss the index before the wait says it is gone. */
const MISSES_ALLOWED = 5;
const FIRST_POLL_MS = 100;
const LONGEST_POLL_MS = 1000;

async function indexRecord(
  client: DbHostApi,
  db: string,
  col: string,
  name: string,
  signal: AbortSignal,
): Promise<IndexRecord | undefined> {
  try {
    return await client.getIndex(db, col, name, { signal });
  } catch (error) {
    // No one-index endpoint, or not listed there yet: the list says.
    if (!isServiceError(error) || error.status !== 404) throw error;
    return (await client.listIndexes(db, col, { signal })).find((record) => record.name === name);
  }
}

function pause(ms: number, token: vscode.CancellationToken): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const subscription = token.onCancellationRequested(done);
    function done(): void {
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    }
  });
}

/**
 * Polls the index until its `building` is gone, with its progress in a cancellable notification. 'stopped'
 * when the user stopped waiting (the build goes on on the service).
 */
export async function waitForIndexBuild(client: DbHostApi, db: string, col: string, name: string): Promise<'built' | 'stopped'> {
  return await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Building the index {0} on {1}.{2}', name, db, col),
      cancellable: true,
    },
    async (progress, token) => {
      const abort = new AbortController();
      const subscription = token.onCancellationRequested(() => abort.abort());
      let reported = 0;
      let misses = 0;
      try {
        for (let delay = FIRST_POLL_MS; !token.isCancellationRequested; delay = Math.min(LONGEST_POLL_MS, delay * 2)) {
          const record = await indexRecord(client, db, col, name, abort.signal);
          if (!record && ++misses >= MISSES_ALLOWED)
            throw new Error(
              vscode.l10n.t(
                'The index {0} was created but is not among the indexes of {1}.{2} now: was it dropped meanwhile?',
                name,
                db,
                col,
              ),
            );
          const build = record && indexBuild(record);
          if (record && !build) return 'built';
          if (build?.percent !== undefined) {
            progress.report({
              message: `${formatCount(build.done ?? 0)} of ${formatCount(build.total ?? 0)} documents`,
              increment: build.percent - reported,
            });
            reported = build.percent;
          }
          await pause(delay, token);
        }
        return 'stopped';
      } catch (error) {
        if (token.isCancellationRequested) return 'stopped';
        throw error;
      } finally {
        subscription.dispose();
      }
    },
  );
}
