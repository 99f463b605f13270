import type { DocumentTriggers } from './documentTriggers';
import { makeTriggers, triggersMissing } from './documentTriggers';

/**
 * `doc_count`: how many documents each collection holds, kept by statement triggers on dbhost_documents in the
 * transaction that inserts, deletes or truncates them, so that a query without a filter gets its count in the
 * page's snapshot without counting the collection's rows. Renames move it with the collection's row; a dropped
 * collection's documents go with its row.
 */
const FUNCTIONS = `
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
CREATE OR REPLACE FUNCTION dbhost_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE dbhost_collections SET doc_count = 0 WHERE doc_count <> 0;
  RETURN NULL;
END
$fn$;
`;

const TRIGGERS: DocumentTriggers = {
  dbhost_documents_inserted:
    'AFTER INSERT ON dbhost_documents REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION dbhost_count_inserted()',
  dbhost_documents_deleted:
    'AFTER DELETE ON dbhost_documents REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION dbhost_count_deleted()',
  dbhost_documents_truncated: 'AFTER TRUNCATE ON dbhost_documents FOR EACH STATEMENT EXECUTE FUNCTION dbhost_count_truncated()',
};

/**
 * True when the counts cannot be trusted: the column or one of its triggers is missing or disabled (a database made
 * before they were kept, or before TRUNCATE was counted; a trigger someone dropped).
 */
export const COUNTS_MISSING = `NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'dbhost_collections'::regclass AND attname = 'doc_count' AND NOT attisdropped)
  OR ${triggersMissing(TRIGGERS)}`;

/**
 * Makes the column and the triggers again and counts every collection's documents, in a transaction that keeps
 * documents from being written meanwhile (schemaUpgrade.ts), so that none is counted twice or missed.
 */
export const MAKE_COUNTS = `${FUNCTIONS}
ALTER TABLE dbhost_collections ADD COLUMN IF NOT EXISTS doc_count bigint NOT NULL DEFAULT 0;
${makeTriggers(TRIGGERS)}
UPDATE dbhost_collections c SET doc_count = (SELECT count(*) FROM dbhost_documents d WHERE d.account = c.account AND d.db = c.db AND d.col = c.name);
`;
