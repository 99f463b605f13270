import type { PoolClient } from 'pg';
import { COUNTS_MISSING, MAKE_COUNTS } from './documentCounts';
import { KEY_COUNTS_MISSING, MAKE_KEY_COUNTS } from './keyCounts';

/** One change of the schema made since the tables were first made: `missing`, a SQL condition true until it is made. */
interface Change {
  missing: string;
  sql: string;
  /** Tables whose definition it alters (locked ACCESS EXCLUSIVE, in this order, before any change is made). */
  alters: ('dbhost_databases' | 'dbhost_collections')[];
}

const columnMissing = (table: string, column: string): string =>
  `NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = '${table}'::regclass AND attname = '${column}' AND NOT attisdropped)`;

const CHANGES: Change[] = [
  {
    missing: columnMissing('dbhost_databases', 'pos'),
    sql: 'ALTER TABLE dbhost_databases ADD COLUMN IF NOT EXISTS pos bigserial NOT NULL',
    alters: ['dbhost_databases'],
  },
  {
    missing: columnMissing('dbhost_collections', 'pos'),
    sql: 'ALTER TABLE dbhost_collections ADD COLUMN IF NOT EXISTS pos bigserial NOT NULL',
    alters: ['dbhost_collections'],
  },
  {
    missing: columnMissing('dbhost_collections', 'rules'),
    sql: 'ALTER TABLE dbhost_collections ADD COLUMN IF NOT EXISTS rules text',
    alters: ['dbhost_collections'],
  },
  {
    missing: "to_regclass('dbhost_documents_order') IS NULL",
    sql: 'CREATE INDEX IF NOT EXISTS dbhost_documents_order ON dbhost_documents (account, db, col, pos)',
    alters: [],
  },
  {
    missing: "to_regclass('dbhost_documents_unreadable') IS NULL",
    sql: 'CREATE INDEX IF NOT EXISTS dbhost_documents_unreadable ON dbhost_documents (account, db, col) WHERE doc IS NULL',
    alters: [],
  },
  { missing: COUNTS_MISSING, sql: MAKE_COUNTS, alters: ['dbhost_collections'] },
  // Its tables' foreign keys lock the collections' table.
  { missing: KEY_COUNTS_MISSING, sql: MAKE_KEY_COUNTS, alters: ['dbhost_collections'] },
];

/** PostgreSQL chose this transaction to end a deadlock (with a process that does not lock in this order, say). */
const DEADLOCK = '40P01';
const ATTEMPTS = 3;

/**
 * Makes the changes the database lacks (none: no lock is taken, so processes starting beside running ones hold
 * nobody up). The caller holds the schema's advisory lock. One transaction that first takes every table lock it
 * needs, in one order: the accounts table (every write, of this version or an older one, and pg-load, starts by
 * locking its account's row, so writes wait there holding nothing), then the documents against writes, then the
 * tables it alters in the order reads read them. So it waits for writes in flight, never for one waiting for it.
 */
export async function upgradeSchema(client: PoolClient): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const changes = await missingChanges(client);
    if (changes.length === 0) return;
    try {
      await client.query('BEGIN');
      await client.query('LOCK TABLE dbhost_accounts IN EXCLUSIVE MODE');
      await client.query('LOCK TABLE dbhost_documents IN SHARE ROW EXCLUSIVE MODE');
      const altered = (['dbhost_databases', 'dbhost_collections'] as const).filter((table) =>
        changes.some((change) => change.alters.includes(table)),
      );
      if (altered.length > 0) await client.query(`LOCK TABLE ${altered.join(', ')} IN ACCESS EXCLUSIVE MODE`);
      for (const change of changes) await client.query(change.sql);
      await client.query('COMMIT');
      return;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function missingChanges(client: PoolClient): Promise<Change[]> {
  const { rows } = await client.query<Record<string, boolean>>(
    `SELECT ${CHANGES.map((change, i) => `(${change.missing}) AS c${i}`).join(', ')}`,
  );
  return CHANGES.filter((_, i) => rows[0][`c${i}`]);
}
