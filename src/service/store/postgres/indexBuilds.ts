import type { Pool } from 'pg';
import type { IndexSpec } from '../../query/indexes/indexSpec';
import type { AccountState } from '../accountState';
import type { BuildProgress, IndexScan, StoreBuild, StoreIndexBuilds } from '../storeIndexBuilds';
import { INDEX_KINDS, indexStatements, postgresIndexName, uniqueIndexName } from './indexSql';
import { scanForIndex } from './uniqueScan';

/** How often a build's progress is read from PostgreSQL while it runs. */
const POLL_MS = 100;

/**
 * How far one PostgreSQL index build (CREATE INDEX CONCURRENTLY) is at the start and end of each phase it reports
 * (pg_stat_progress_create_index): its two passes over the table are most of the work.
 */
const PHASES = new Map<string, [number, number]>([
  ['building index: scanning table', [0, 0.5]],
  ['building index: sorting live tuples', [0.5, 0.5]],
  ['building index: loading tuples in tree', [0.5, 0.6]],
  ['waiting for writers before validation', [0.6, 0.6]],
  ['index validation: scanning index', [0.6, 0.7]],
  ['index validation: sorting tuples', [0.7, 0.7]],
  ['index validation: scanning table', [0.7, 0.95]],
  ['waiting for old snapshots', [0.95, 0.95]],
  ['waiting for readers before marking dead', [0.95, 0.95]],
]);

interface ProgressRow {
  valid: boolean;
  phase: string | null;
  blocks_done: string | null;
  blocks_total: string | null;
  tuples_done: string | null;
  tuples_total: string | null;
}

/** The share of one index's build that is done, from its progress row (0 before it reports one). */
function shareDone(row: ProgressRow): number {
  if (row.valid) return 1;
  const [from, to] = (row.phase ? PHASES.get(row.phase) : undefined) ?? [0, 0];
  const [done, total] = Number(row.blocks_total) > 0 ? [row.blocks_done, row.blocks_total] : [row.tuples_done, row.tuples_total];
  const within = Number(total) > 0 ? Math.min(1, Number(done) / Number(total)) : 0;
  return from + (to - from) * within;
}

interface Watched {
  names: string[];
  /** How many PostgreSQL indexes the interface's index makes. */
  expected: number;
  total: number;
  done: number;
  ended: boolean;
  end: () => void;
  settled: Promise<void>;
}

/**
 * Index builds of one account's collections kept in PostgreSQL ({@link StoreIndexBuilds}): the scan a unique index
 * needs (uniqueScan.ts), and the progress of the PostgreSQL indexes the store makes once the request creating the
 * interface's index committed (indexSql.ts), read from pg_stat_progress_create_index until the store says that
 * request is done ({@link settle}).
 */
export class PostgresIndexBuilds implements StoreIndexBuilds {
  private readonly watched = new Map<string, Watched>();

  constructor(
    private readonly pool: Pool,
    private readonly account: string,
    private readonly state: AccountState,
  ) {}

  scan(db: string, col: string, index: IndexSpec, all: boolean): Promise<IndexScan> {
    return scanForIndex(this.pool, this.account, { db, col }, index, all);
  }

  watch(db: string, col: string, index: IndexSpec, total: number): StoreBuild {
    const made = indexStatements(this.account, { op: 'createIndex', db, col, index }, this.state);
    let end = () => {};
    const settled = new Promise<void>((resolve) => (end = resolve));
    const build: Watched = {
      names: INDEX_KINDS.map((kind) =>
        kind === 'u' ? uniqueIndexName(this.account, db, col, index) : postgresIndexName(this.account, db, col, index.name, kind),
      ),
      expected: Math.max(1, made.filter((statement) => /^CREATE /.test(statement.text)).length),
      total,
      done: 0,
      ended: false,
      end,
      settled,
    };
    this.watched.set(JSON.stringify([db, col, index.name]), build);
    void this.follow(build);
    return { progress: () => ({ done: build.done, total }), settled };
  }

  building(db: string, col: string, name: string): BuildProgress | undefined {
    const build = this.watched.get(JSON.stringify([db, col, name]));
    return build && { done: build.done, total: build.total };
  }

  /** The write request that created the indexes followed is done (its PostgreSQL indexes made, or given up). */
  settle(): void {
    for (const build of this.watched.values()) {
      build.ended = true;
      build.end();
    }
    this.watched.clear();
  }

  private async follow(build: Watched): Promise<void> {
    while (!build.ended) {
      try {
        const { rows } = await this.pool.query<ProgressRow>(
          `SELECT i.indisvalid AS valid, p.phase, p.blocks_done, p.blocks_total, p.tuples_done, p.tuples_total
           FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid LEFT JOIN pg_stat_progress_create_index p ON p.index_relid = c.oid
           WHERE c.relname = ANY($1::text[])`,
          [build.names],
        );
        const share = rows.reduce((sum, row) => sum + shareDone(row), 0) / build.expected;
        build.done = Math.max(build.done, Math.min(build.total, Math.floor(build.total * share)));
      } catch {
        // PostgreSQL unavailable for a moment: the progress stays as it was until the next reading.
      }
      await Promise.race([build.settled, new Promise((resolve) => setTimeout(resolve, POLL_MS).unref())]);
    }
  }
}
