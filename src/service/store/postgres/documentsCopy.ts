import type { AccountState } from '../accountState';
import type { DocumentsCopy } from '../accountStore';
import type { Mutation } from '../mutations';
import type { Statement } from './mutationSql';
import { applyWithStatements } from './mutationSql';

/**
 * The statement copying the documents of a copy (Copy Database) in PostgreSQL, in the commit that makes the
 * destination's collections: each row as it is stored (exact text, `jsonb`, key), in natural order, none read by
 * the service. Their counts follow (the triggers of documentCounts.ts), their indexes are made after the commit.
 */
const documentsCopyStatement = (copy: DocumentsCopy): Statement => ({
  text: `WITH copied AS (
    INSERT INTO dbhost_documents (account, db, col, id, body, doc)
    SELECT account, $2, col, id, body, doc FROM dbhost_documents WHERE account = $1 AND db = $3 AND col = ANY($4::text[]) ORDER BY pos
    RETURNING 1)
  SELECT count(*)::bigint AS n FROM copied`,
  values: [copy.to, copy.from, copy.collections],
  counted: (count) => (copy.copied = count),
});

/**
 * Leaves `state`'s destination of a copy as it was before it (`existed`: an empty database, else none): until the
 * copy is committed its documents are not in PostgreSQL to read, and a read meanwhile sees the copy whole or not at
 * all. The store reads the account again at its next request.
 */
function hideUntilCommitted(state: AccountState, to: string, existed: boolean): void {
  if (existed) state.databases.get(to)?.collections.clear();
  else state.databases.delete(to);
}

/**
 * The statements of a copy's commit, its `mutations` already applied to `state`; with `documents`, the copy of their
 * documents in PostgreSQL after them, the destination hidden in `state` until committed.
 */
export function copyStatements(
  account: string,
  state: AccountState,
  mutations: Mutation[],
  documents: DocumentsCopy | undefined,
  existed: boolean,
): Statement[] {
  const statements = applyWithStatements(account, state, mutations, false);
  if (!documents) return statements;
  statements.push(documentsCopyStatement(documents));
  hideUntilCommitted(state, documents.to, existed);
  return statements;
}
