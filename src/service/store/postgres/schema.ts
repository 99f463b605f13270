import type { Pool } from 'pg';
import { SORT_KEY_FUNCTION } from './sortKey';

/** Serialises the creation of the tables between service processes starting at the same moment. */
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
ALTER TABLE dbhost_databases ADD COLUMN IF NOT EXISTS pos bigserial NOT NULL;
ALTER TABLE dbhost_collections ADD COLUMN IF NOT EXISTS pos bigserial NOT NULL;
ALTER TABLE dbhost_collections ADD COLUMN IF NOT EXISTS rules text;
CREATE INDEX IF NOT EXISTS dbhost_documents_order ON dbhost_documents (account, db, col, pos);
CREATE INDEX IF NOT EXISTS dbhost_documents_unreadable ON dbhost_documents (account, db, col) WHERE doc IS NULL;
CREATE TABLE IF NOT EXISTS dbhost_changes (
  account text NOT NULL REFERENCES dbhost_accounts ON DELETE CASCADE,
  seq bigint NOT NULL,
  line text NOT NULL,
  PRIMARY KEY (account, seq)
);
`;

/**
 * `doc_count`: how many documents each collection holds, kept by statement triggers on dbhost_documents in the
 * transaction that inserts or deletes them, so that a query without a filter gets its count in the page's snapshot
 * without counting the collection's rows. Renames move it with the collection's row; a dropped collection's
 * documents go with its row. Made once, when the column is missing: the documents table is locked against writes
 * while the triggers are made and the column is filled, so that no document is counted twice or missed.
 */
const DOCUMENT_COUNTS = `
CREATE OR REPLACE FUNCTION dbhost_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE dbhost_collections c SET doc_count = c.doc_count + n.n
  FROM (SELECT account, db, col, count(*) AS n FROM inserted GROUP BY account, db, col) n
  WHERE c.account = n.account AND c.db = n.db AND c.name = n.col;
  RETURN NULL;
END
$fn$;
CREATE OR REPLACE FUNCTION dbhost_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE dbhost_collections c SET doc_count = c.doc_count - n.n
  FROM (SELECT account, db, col, count(*) AS n FROM deleted GROUP BY account, db, col) n
  WHERE c.account = n.account AND c.db = n.db AND c.name = n.col;
  RETURN NULL;
END
$fn$;
DO $do$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'dbhost_collections'::regclass AND attname = 'doc_count' AND NOT attisdropped) THEN
    LOCK TABLE dbhost_documents IN SHARE ROW EXCLUSIVE MODE;
    ALTER TABLE dbhost_collections ADD COLUMN doc_count bigint NOT NULL DEFAULT 0;
    CREATE TRIGGER dbhost_documents_inserted AFTER INSERT ON dbhost_documents
      REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION dbhost_count_inserted();
    CREATE TRIGGER dbhost_documents_deleted AFTER DELETE ON dbhost_documents
      REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION dbhost_count_deleted();
    UPDATE dbhost_collections c SET doc_count = n.n
    FROM (SELECT account, db, col, count(*) AS n FROM dbhost_documents GROUP BY account, db, col) n
    WHERE c.account = n.account AND c.db = n.db AND c.name = n.col;
  END IF;
END
$do$;
`;

export async function createTables(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    try {
      await client.query(TABLES);
      await client.query(SORT_KEY_FUNCTION);
      await client.query(DOCUMENT_COUNTS);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    }
  } finally {
    client.release();
  }
}
