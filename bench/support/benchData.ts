import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleService } from '../../test/support/serviceBundle';
import { startServiceInChild } from '../../test/support/testService';
import type { BenchContext } from './section';
import { BENCH_DB, BIG, SMALL, seedAccount } from './seedAccount';

const KEY = 'bench-key-5d0b';
/** A second account, for another account's latency while the first runs expensive requests. */
const OTHER_KEY = 'bench-other-key-77e1';

/** A local service of a section's own, on a fresh copy of the bench data. */
export interface SeededService {
  url: string;
  /** The account holding `big` (with an index on `n`) and `small`. */
  key: string;
  /** Another account, holding `small` only (its `big` is empty). */
  otherKey: string;
  db: string;
  big: string;
  small: string;
  bigCount: number;
  smallCount: number;
}

/** The sizes of the bench data: 100,000 and 1,000 documents, or 2,000 and 200 in the smoke. */
export function benchCounts(context: Pick<BenchContext, 'smoke'>): { big: number; small: number } {
  return context.smoke ? { big: 2_000, small: 200 } : { big: 100_000, small: 1_000 };
}

const made: string[] = [];
let script: string | undefined;
const templates = new Map<number, string>();

function temporary(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  made.push(folder);
  return folder;
}

/** The service bundled once per run (its code, shared; each section's data is its own). */
export function benchServiceScript(): string {
  script ??= bundleService(temporary('dbhost-bench-service-'));
  return script;
}

/** The bench data written once per run into a folder that each section copies, so none sees another's writes. */
function template(counts: { big: number; small: number }, step: (line: string) => void): string {
  let folder = templates.get(counts.big);
  if (!folder) {
    step(`seeding ${counts.big.toLocaleString('en')} + ${counts.small.toLocaleString('en')} documents (once; each section gets a copy)`);
    folder = temporary('dbhost-bench-seed-');
    seedAccount(folder, KEY, { bigCount: counts.big, smallCount: counts.small });
    seedAccount(folder, OTHER_KEY, { bigCount: 0, smallCount: counts.small });
    templates.set(counts.big, folder);
  }
  return folder;
}

/** Runs `work` against a service of its own on a fresh copy of the bench data, then stops it and removes the copy. */
export async function withSeededService<T>(context: BenchContext, work: (service: SeededService) => Promise<T>): Promise<T> {
  const counts = benchCounts(context);
  const source = template(counts, context.step);
  const dataDir = mkdtempSync(join(tmpdir(), 'dbhost-bench-data-'));
  try {
    cpSync(source, dataDir, { recursive: true });
    const service = await startServiceInChild({
      dataDir,
      keepData: true,
      apiKeys: [KEY, OTHER_KEY],
      empty: true,
      script: benchServiceScript(),
    });
    try {
      return await work({
        url: service.url,
        key: KEY,
        otherKey: OTHER_KEY,
        db: BENCH_DB,
        big: BIG,
        small: SMALL,
        bigCount: counts.big,
        smallCount: counts.small,
      });
    } finally {
      await service.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Removes the seeded templates and the bundled service. */
export function disposeBenchData(): void {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
  script = undefined;
  templates.clear();
}
