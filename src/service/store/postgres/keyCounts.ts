import type { IndexSpec } from '../../query/indexes/indexSpec';
import { ID_INDEX } from '../../query/collectionData';
import type { AccountState } from '../accountState';
import type { Mutation } from '../mutations';
import { literal } from './literal';
import { byteaLiteral } from './sortKey';
import { sqlPath } from './filterSql';
import type { Statement } from './mutationSql';
import { COUNT_CHUNK, KEY_BACKFILL_FUNCTION } from './keyBackfill';
import type { DocumentTriggers } from './documentTriggers';
import { makeTriggers, triggersMissing } from './documentTriggers';

/**
 * `dbhost_key_counts`: how many documents of a collection have each sort key (sortKey.ts) of the field of each of
 * its single-field indexes named in `dbhost_counted_keys`, so that an equality on that field is counted by reading
 * one row instead of every match. Kept by statement triggers on dbhost_documents in the transaction of each write
 * (COPY too). Every write of an account first locks its account's row, so no two writers of the same keys ever
 * run at once. A key is kept while at least one document has it; documents whose key is NULL are not counted (a
 * query meeting one counts its matches as before). Both tables go with their collection (renamed with it).
 * `through`: the documents already there when counting started are counted in chunks after its commit
 * (keyBackfill.ts); until then only those up to that `pos` (a document keeps its `pos` when updated) are counted,
 * by the chunks and by the triggers alike, and reads count every match. NULL once every document is counted.
 */
const TABLES = `
CREATE TABLE IF NOT EXISTS dbhost_counted_keys (
  account text NOT NULL,
  db text NOT NULL,
  col text NOT NULL,
  idx text NOT NULL,
  path text[] NOT NULL,
  through bigint,
  PRIMARY KEY (account, db, col, idx),
  FOREIGN KEY (account, db, col) REFERENCES dbhost_collections ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE TABLE IF NOT EXISTS dbhost_key_counts (
  account text NOT NULL,
  db text NOT NULL,
  col text NOT NULL,
  idx text NOT NULL,
  key bytea NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (account, db, col, idx, key),
  FOREIGN KEY (account, db, col, idx) REFERENCES dbhost_counted_keys ON DELETE CASCADE ON UPDATE CASCADE
);
`;

/** `changes`: each counted key of the rows of `rows` (a query of account, db, col, doc, n) with its change of count. */
const deltaSql = (rows: string) => `SELECT r.account, r.db, r.col, c.idx, dbhost_sort_key(r.doc, c.path) AS key, sum(r.n)::bigint AS n
    FROM (${rows}) r JOIN dbhost_counted_keys c ON c.account = r.account AND c.db = r.db AND c.col = r.col
    WHERE c.through IS NULL OR r.pos <= c.through
    GROUP BY 1, 2, 3, 4, 5`;

/**
 * A trigger function applying the changes of `rows`: added in key order, then the keys no document has left removed.
 * The changes are planned at each run (EXECUTE): a plan kept from a statement of one row joins a large statement's
 * old and new rows pair by pair (a rename of a 25,000-document collection took 259 s on a connection that had run
 * small updates before).
 */
const applying = (name: string, rows: string) => `
CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes dbhost_key_counts[];
BEGIN
  EXECUTE $q$SELECT array_agg(ROW(d.account, d.db, d.col, d.idx, d.key, d.n)::dbhost_key_counts ORDER BY d.account, d.db, d.col, d.idx, d.key)
    FROM (${deltaSql(rows)}) d WHERE d.key IS NOT NULL AND d.n <> 0$q$ INTO changes;
  IF changes IS NULL THEN RETURN NULL; END IF;
  INSERT INTO dbhost_key_counts AS k SELECT * FROM unnest(changes) c WHERE c.n > 0
    ON CONFLICT (account, db, col, idx, key) DO UPDATE SET n = k.n + EXCLUDED.n;
  UPDATE dbhost_key_counts k SET n = k.n + c.n FROM unnest(changes) c
    WHERE c.n < 0 AND (k.account, k.db, k.col, k.idx, k.key) = (c.account, c.db, c.col, c.idx, c.key);
  DELETE FROM dbhost_key_counts k USING unnest(changes) c
    WHERE c.n < 0 AND k.n <= 0 AND (k.account, k.db, k.col, k.idx, k.key) = (c.account, c.db, c.col, c.idx, c.key);
  RETURN NULL;
END
$fn$;`;

/**
 * Rows an update moved to another collection (a rename's cascade) are left out: their counts move with the
 * collection's row.
 */
const STAYED = 'o.pos = n.pos AND o.account = n.account AND o.db = n.db AND o.col = n.col';

const FUNCTIONS = `
${applying('dbhost_keys_inserted', 'SELECT account, db, col, pos, doc, 1 AS n FROM inserted')}
${applying('dbhost_keys_deleted', 'SELECT account, db, col, pos, doc, -1 AS n FROM deleted')}
${applying(
  'dbhost_keys_updated',
  `SELECT o.account, o.db, o.col, o.pos, o.doc, -1 AS n FROM old_rows o WHERE EXISTS (SELECT 1 FROM new_rows n WHERE ${STAYED})
     UNION ALL SELECT n.account, n.db, n.col, n.pos, n.doc, 1 AS n FROM new_rows n WHERE EXISTS (SELECT 1 FROM old_rows o WHERE ${STAYED})`,
)}
CREATE OR REPLACE FUNCTION dbhost_keys_truncated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM dbhost_key_counts;
  RETURN NULL;
END
$fn$;
CREATE OR REPLACE FUNCTION dbhost_count_keys(text, text, text, text, text[]) RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM dbhost_counted_keys c WHERE (c.account, c.db, c.col, c.idx) = ($1, $2, $3, $4);
  INSERT INTO dbhost_counted_keys VALUES ($1, $2, $3, $4, $5, 0);
$fn$;
${COUNT_CHUNK}
`;

const TRIGGERS: DocumentTriggers = {
  dbhost_keys_inserted:
    'AFTER INSERT ON dbhost_documents REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION dbhost_keys_inserted()',
  dbhost_keys_deleted:
    'AFTER DELETE ON dbhost_documents REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION dbhost_keys_deleted()',
  dbhost_keys_updated:
    'AFTER UPDATE ON dbhost_documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dbhost_keys_updated()',
  dbhost_keys_truncated: 'AFTER TRUNCATE ON dbhost_documents FOR EACH STATEMENT EXECUTE FUNCTION dbhost_keys_truncated()',
};

/** True until the tables and their triggers are made (a database made before keys were counted, a trigger dropped). */
export const KEY_COUNTS_MISSING = `to_regclass('dbhost_key_counts') IS NULL OR to_regprocedure('${KEY_BACKFILL_FUNCTION}') IS NULL
  OR NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('dbhost_counted_keys') AND attname = 'through' AND NOT attisdropped)
  OR ${triggersMissing(TRIGGERS)}`;

/**
 * Makes the tables, the functions and the triggers; every key counted before is counted again (the triggers may
 * have been missing meanwhile): not in the upgrade's transaction, which keeps every document from being written,
 * but in chunks by the backfill each start runs (keyBackfill.ts).
 */
export const MAKE_KEY_COUNTS = `${TABLES}
ALTER TABLE dbhost_counted_keys ADD COLUMN IF NOT EXISTS through bigint;
${FUNCTIONS}
${makeTriggers(TRIGGERS)}
DELETE FROM dbhost_key_counts;
UPDATE dbhost_counted_keys SET through = 0;
`;

/** The path whose keys are counted for `index`: its one field's, when the index has a B-tree of sort keys. */
function countedPath(index: IndexSpec): string[] | undefined {
  const fields = Object.entries(index.key);
  if (index.name === ID_INDEX.name || fields.length !== 1) return undefined;
  const [[field, direction]] = fields;
  return direction === 1 || direction === -1 ? sqlPath(field) : undefined;
}

/**
 * The statements that start counting the keys of an index just created (its collection's documents counted once
 * the commit is made: keyBackfill.ts) or stop counting those of one dropped, for a mutation just applied to `state`
 * (`$1` the account).
 */
export function keyCountStatements(account: string, mutation: Mutation, state: AccountState): Statement[] {
  if (mutation.op === 'renameCollection') return [finishCounting(account, mutation.db, mutation.to)];
  if (mutation.op !== 'createIndex' && mutation.op !== 'dropIndex') return [];
  if (!state.collection(mutation.db, mutation.col)) return [];
  if (mutation.op === 'dropIndex')
    return [
      {
        text: 'DELETE FROM dbhost_counted_keys WHERE account = $1 AND db = $2 AND col = $3 AND idx = $4',
        values: [mutation.db, mutation.col, mutation.name],
      },
    ];
  const path = countedPath(mutation.index);
  if (!path) return [];
  return [
    { text: 'SELECT dbhost_count_keys($1, $2, $3, $4, $5::text[])', values: [mutation.db, mutation.col, mutation.index.name, path] },
    finishCounting(account, mutation.db, mutation.col),
  ];
}

/**
 * Counting what is not yet counted of a collection's indexes once the commit is made: after an index is made, and
 * after a rename (a backfill under the old name stops when it finds no collection of that name).
 */
const finishCounting = (account: string, db: string, col: string): Statement => ({
  text: `count the keys of ${db}.${col}`,
  values: [],
  ddl: true,
  backfill: { account, db, col },
});

/**
 * How many documents of the collection (`$1`–`$3`) have `key` at `path`, the field of `index`: the count kept, or,
 * where the keys of that index are not counted (made by an older version), not all counted yet, or counted of
 * another field (an index of that name made again on another field by a process this one has not caught up with),
 * every match counted by `otherwise`.
 */
export const keyCountSql = (index: string, path: string[], key: Buffer, otherwise: string): string => {
  const counted = `account = $1 AND db = $2 AND col = $3 AND idx = ${literal(index)}`;
  const ofPath = `path = ARRAY[${path.map(literal).join(', ')}]::text[]`;
  return `CASE WHEN EXISTS (SELECT 1 FROM dbhost_counted_keys WHERE ${counted} AND ${ofPath} AND through IS NULL) THEN coalesce((SELECT n FROM dbhost_key_counts WHERE ${counted} AND key = ${byteaLiteral(key)}), 0) ELSE (${otherwise}) END`;
};
