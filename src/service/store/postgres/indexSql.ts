import { createHash } from 'node:crypto';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import { ID_INDEX } from '../../query/collectionData';
import type { AccountState } from '../accountState';
import type { Mutation } from '../mutations';
import type { IndexDrop } from './indexDrops';
import { literal, sqlPath } from './filterSql';
import { sortKeySql } from './sortKey';
import type { Statement } from './mutationSql';

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Every PostgreSQL index of one database of an account starts with this (names are at most 63 bytes). */
const databasePrefix = (account: string, db: string): string => `dbx_${hash(JSON.stringify([account, db]))}`;
const collectionPrefix = (account: string, db: string, col: string): string => `${databasePrefix(account, db)}${hash(col)}_`;

/** The prefix of the collection of the first of our index names in `text` (an index name, a definition), if any. */
export const collectionPrefixOf = (text: string): string | undefined => /dbx_[0-9a-f]{32}_/.exec(text)?.[0];

/**
 * The PostgreSQL index made for an index of the interface: `g` the GIN one for lookups, `u` the unique one, `k`
 * the B-tree of its fields' sort keys for sorts and ranges.
 */
export type IndexKind = 'g' | 'u' | 'k';
export const INDEX_KINDS: IndexKind[] = ['g', 'u', 'k'];

export const postgresIndexName = (account: string, db: string, col: string, index: string, kind: IndexKind): string =>
  `${collectionPrefix(account, db, col)}${kind}${hash(index)}`;

/**
 * The unique index of `index`: its `u` name (also that of the unique indexes made before this name) and a short
 * hash of what it indexes (the fields in order, their directions, unique), within PostgreSQL's 63 bytes: an index
 * left by one dropped and made again with other keys (names follow keys, which can collide) has another name.
 */
export const uniqueIndexName = (account: string, db: string, col: string, index: IndexSpec): string =>
  `${postgresIndexName(account, db, col, index.name, 'u')}${hash(JSON.stringify({ key: Object.entries(index.key), unique: index.unique === true })).slice(0, 8)}`;

/** The rows of one collection, as a partial index's predicate (literals: an index definition takes no parameters). */
const collectionRows = (account: string, db: string, col: string): string =>
  `account = ${literal(account)} AND db = ${literal(db)} AND col = ${literal(col)}`;

/**
 * A key's value as the unique index compares it: only strings, booleans and numbers a double holds exactly,
 * whose jsonb equality is the query language's; anything else is NULL, which PostgreSQL never finds equal, so it
 * is never stricter than the service, which checks every key itself before it writes.
 */
const uniqueKey = (path: string[]): string => {
  const value = `(doc #> ${literal(`{${path.map((segment) => JSON.stringify(segment)).join(',')}}`)})`;
  return `(CASE WHEN jsonb_typeof(${value}) IN ('string', 'boolean') OR (jsonb_typeof(${value}) = 'number' AND abs(${value}::numeric) < 9007199254740992) THEN ${value} END)`;
};

const ddl = (text: string): Statement => ({ text, values: [], ddl: true });

/**
 * The PostgreSQL indexes of one index of the interface: a GIN index (jsonb_path_ops) of its first field's first
 * segment, which serves the containment filterSql.ts writes for equality and `$in` on any path under it; for a
 * unique index also a unique index of its keys' scalar values; a B-tree of its fields' sort keys (sortKey.ts)
 * then natural order, which serves sorts (walked, with a LIMIT) and ranges. All partial: the collection's rows.
 */
function createStatements(account: string, db: string, col: string, index: IndexSpec): Statement[] {
  const paths = Object.keys(index.key).map(sqlPath);
  const rows = collectionRows(account, db, col);
  const statements: Statement[] = [];
  if (paths[0])
    statements.push(
      ddl(
        `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${postgresIndexName(account, db, col, index.name, 'g')} ON dbhost_documents USING gin ((doc -> ${literal(paths[0][0])}) jsonb_path_ops) WHERE ${rows}`,
      ),
    );
  const unique = uniqueIndexSql(account, db, col, index);
  if (unique) statements.push(dropOtherUnique(account, db, col, index), ddl(unique));
  if (paths.every((path) => path !== undefined) && Object.values(index.key).every((direction) => direction === 1 || direction === -1)) {
    const keys = Object.entries(index.key).map(([, direction], i) => `${sortKeySql(paths[i]!)}${direction === -1 ? ' DESC' : ''}`);
    statements.push(
      ddl(
        `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${postgresIndexName(account, db, col, index.name, 'k')} ON dbhost_documents (${keys.join(', ')}, pos) WHERE ${rows}`,
      ),
    );
  }
  // The planner picks an index only with statistics of its expression.
  if (statements.length > 0) statements.push(ddl('ANALYZE dbhost_documents'));
  return statements;
}

/** The unique index of `index` (a unique one of fields SQL can reach), made if missing. */
export function uniqueIndexSql(account: string, db: string, col: string, index: IndexSpec): string | undefined {
  const paths = Object.keys(index.key).map(sqlPath);
  if (!index.unique || paths.length === 0 || !paths.every((path) => path !== undefined)) return undefined;
  return `CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS ${uniqueIndexName(account, db, col, index)} ON dbhost_documents (${paths.map((path) => uniqueKey(path!)).join(', ')}) WHERE ${collectionRows(account, db, col)}`;
}

/**
 * Drops a unique index of the same interface name but other keys or an older name, left by a drop that failed: it
 * would refuse what the new one allows. None is there as a rule.
 */
const dropOtherUnique = (account: string, db: string, col: string, index: IndexSpec): Statement =>
  dropIndexes({ account, db, col, prefix: postgresIndexName(account, db, col, index.name, 'u') });

/** Drops the indexes of `drop` the catalog does not want (indexDrops.ts: `text` only names what it does). */
const dropIndexes = (drop: IndexDrop): Statement => ({
  text: `DROP INDEX CONCURRENTLY ${drop.prefix}…`,
  values: [],
  ddl: true,
  drops: drop,
});

/**
 * The B-tree of `_id`'s sort keys (then natural order) of a collection, named as the `_id_` index's: sorts led by
 * `_id` (most listings' order) and `_id` ranges walk it. The primary key serves lookups by `_id` and keeps it unique.
 */
export const idKeyIndexSql = (account: string, db: string, col: string): string =>
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${postgresIndexName(account, db, col, ID_INDEX.name, 'k')} ON dbhost_documents (${sortKeySql(['_id'])}, pos) WHERE ${collectionRows(account, db, col)}`;

const collectionIndexes = (account: string, state: AccountState, db: string, col: string): Statement[] =>
  (state.collection(db, col)?.indexes ?? []).flatMap((index) =>
    index.name === ID_INDEX.name ? [ddl(idKeyIndexSql(account, db, col))] : createStatements(account, db, col, index),
  );

/** The PostgreSQL indexes to make or drop for a mutation just applied to `state` (`dropped`: the index a dropIndex dropped). */
export function indexStatements(account: string, mutation: Mutation, state: AccountState, dropped?: IndexSpec): Statement[] {
  switch (mutation.op) {
    case 'createCollection':
      // Also the indexes a drop cut short left under its prefix (an invalid unique one still refuses duplicates).
      return [
        ddl(idKeyIndexSql(account, mutation.db, mutation.name)),
        dropIndexes({ account, db: mutation.db, col: mutation.name, prefix: collectionPrefix(account, mutation.db, mutation.name) }),
      ];
    case 'createIndex':
      return state.collection(mutation.db, mutation.col) ? createStatements(account, mutation.db, mutation.col, mutation.index) : [];
    case 'dropIndex': {
      const names = INDEX_KINDS.map((kind) => postgresIndexName(account, mutation.db, mutation.col, mutation.name, kind));
      if (dropped?.unique) names.push(uniqueIndexName(account, mutation.db, mutation.col, dropped));
      return names.map((name) => ddl(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`));
    }
    case 'dropCollection':
      return [dropIndexes({ account, db: mutation.db, col: mutation.name, prefix: collectionPrefix(account, mutation.db, mutation.name) })];
    case 'dropDatabase':
      return [dropIndexes({ account, db: mutation.name, prefix: databasePrefix(account, mutation.name) })];
    case 'renameCollection':
      return [
        dropIndexes({ account, db: mutation.db, col: mutation.name, prefix: collectionPrefix(account, mutation.db, mutation.name) }),
        ...collectionIndexes(account, state, mutation.db, mutation.to),
      ];
    default:
      return [];
  }
}
