import type { Pool } from 'pg';
import { upgradeSchema } from './schemaUpgrade';
import { SORT_KEY_FUNCTION } from './sortKey';

/**
 * Serialises the creation and the upgrade of the tables between service processes starting at the same moment, of
 * this version and of older ones (which take it too).
 */
const SCHEMA_LOCK = 7_301_030;

/**
 * The tables, every row keyed by its account's tag (a keyed hash of the key) so that no query reaches another
 * account's rows. A document keeps its exact stored text (`body`, what the service answers from: int64 and
 * decimal text exact) beside the same document as `jsonb` (`doc`; null for the rare text jsonb cannot hold, a
 * string with U+0000). `pos` is the natural order (of databases and collections too: the order they were made
 * in, as the journal store lists them); `version` counts the document's writes.
 * A collection's validation rules (`rules`, null for none) are kept as the journal keeps them: extended JSON.
 * `seq` counts each account's commits: a commit names the one it follows (`UPDATE … WHERE seq = $n`), so two
 * processes never both write after the same state, and each catches up from `dbhost_changes`.
 */
const TABLES = `
CREATE TABLE IF NOT EXISTS dbhost_service (name text PRIMARY KEY, value text NOT NULL);
CREATE TABLE IF NOT EXISTS dbhost_accounts (
  account text PRIMARY KEY,
  seq bigint NOT NULL DEFAULT 0,
  invoices text NOT NULL DEFAULT '[]'
);
CREATE TABLE IF NOT EXISTS dbhost_databases (
  account text NOT NULL REFERENCES dbhost_accounts ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL,
  created text NOT NULL,
  users text NOT NULL DEFAULT '[]',
  pos bigserial NOT NULL,
  PRIMARY KEY (account, name)
);
CREATE TABLE IF NOT EXISTS dbhost_collections (
  account text NOT NULL,
  db text NOT NULL,
  name text NOT NULL,
  indexes text NOT NULL DEFAULT '[]',
  pos bigserial NOT NULL,
  PRIMARY KEY (account, db, name),
  FOREIGN KEY (account, db) REFERENCES dbhost_databases ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE TABLE IF NOT EXISTS dbhost_documents (
  account text NOT NULL,
  db text NOT NULL,
  col text NOT NULL,
  id text NOT NULL,
  pos bigserial NOT NULL,
  version bigint NOT NULL DEFAULT 1,
  body text NOT NULL,
  doc jsonb,
  PRIMARY KEY (account, db, col, id),
  FOREIGN KEY (account, db, col) REFERENCES dbhost_collections ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE TABLE IF NOT EXISTS dbhost_changes (
  account text NOT NULL REFERENCES dbhost_accounts ON DELETE CASCADE,
  seq bigint NOT NULL,
  line text NOT NULL,
  PRIMARY KEY (account, seq)
);
`;

export async function createTables(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    try {
      await client.query(TABLES);
      await client.query(SORT_KEY_FUNCTION);
      await upgradeSchema(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    }
  } finally {
    client.release();
  }
}
