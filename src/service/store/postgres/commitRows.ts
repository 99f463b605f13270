import type { PoolClient } from 'pg';
import type { Definition, Statement } from './mutationSql';
import { definitionOf } from './mutationSql';
import { CollectionNeeded } from './partialCollection';
import { runStatement } from './partialStatements';
import { unavailable } from './unavailable';

/** Another service process committed to the account after this one last read it (a commit outside a write request). */
export class StaleView extends Error {}

/** Change lines kept for the other processes to catch up from; one further behind reads the account again. */
const KEPT_CHANGES = 1000;

/**
 * Writes one commit in the transaction of `client`, moving the account's commit count on from `after`: its rows, and
 * its change line for the other processes. Index definitions are not run here but handed to `define` (they are made
 * once the transaction committed).
 */
export async function storeCommit(
  client: PoolClient,
  account: string,
  commit: { statements: Statement[]; line: string; after: number },
  define: (definition: Definition) => void,
): Promise<void> {
  const { statements, line, after } = commit;
  try {
    const moved = await client.query('UPDATE dbhost_accounts SET seq = $3 WHERE account = $1 AND seq = $2', [account, after, after + 1]);
    if (moved.rowCount !== 1) throw new StaleView();
    for (const statement of statements)
      if (statement.ddl) define(definitionOf(statement));
      else await runStatement(client, account, statement);
    await client.query('INSERT INTO dbhost_changes (account, seq, line) VALUES ($1, $2, $3)', [account, after + 1, line]);
    if ((after + 1) % 100 === 0)
      await client.query('DELETE FROM dbhost_changes WHERE account = $1 AND seq <= $2', [account, after + 1 - KEPT_CHANGES]);
  } catch (error) {
    if (error instanceof StaleView || error instanceof CollectionNeeded) throw error;
    throw unavailable(error, 'the change was not stored');
  }
}
