import type { Figure } from './figure';

/** What every section is told: how large to measure, and where its progress and gaps go. */
export interface BenchContext {
  /**
   * `--smoke`: every section at small sizes and few runs, to prove in seconds that it still runs whole; its
   * figures and targets are no measurement. Each section says in its `smoke` what it shrinks.
   */
  smoke: boolean;
  /** `--quick`: the indexes section leaves out its 1,000,000-document size. */
  quick: boolean;
  /** A progress line. */
  step(line: string): void;
  /** Something the section could not measure here, said in the results without failing the section. */
  notMeasured(line: string): void;
}

/**
 * One part of `npm run bench`: it measures on data of its own (its own service, data folder and collections,
 * or none), never on what another section left, and returns its figures. A section that throws is reported
 * as failed with its error; the others still run. A section registers with one line in bench/run.ts.
 */
export interface BenchSection {
  /** The name `--only=` takes, e.g. `bulk`. */
  name: string;
  /** Other names `--only=` takes for it, e.g. `hostile` for the sections of issue 22. */
  aliases?: readonly string[];
  /** What it measures, shown as it starts and in the summary. */
  title: string;
  /** What `--smoke` shrinks in it, for the summary. */
  smoke: string;
  run(context: BenchContext): Promise<Figure[]>;
}
