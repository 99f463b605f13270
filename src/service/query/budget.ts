import { HttpError } from '../errors';

/**
 * How much work one request may do: a count of steps (documents examined, expression operators
 * evaluated, elements built, characters matched, sort comparisons) that is the same on every machine,
 * plus a wall-clock deadline as a second wall. The service is one thread, so a request that ran on
 * would hold up every other account's requests; past the budget it is refused with 400 instead.
 */
export const MAX_WORK_STEPS = 4_000_000;
export const MAX_REQUEST_MS = 30_000;
/** The deadline is read from the clock every this many steps. */
const CLOCK_EVERY = 4096;

export class RequestBudget {
  private spent = 0;
  private nextClockCheck = CLOCK_EVERY;
  /** Time the request has run, not counting the pauses in which it let other requests run. */
  private ranMs = 0;
  private resumedAt: number | undefined;

  constructor(
    private readonly maxSteps = MAX_WORK_STEPS,
    private readonly maxMs = MAX_REQUEST_MS,
    /** What the refusals ask to narrow, and how. */
    private readonly narrow = { what: 'the query', how: 'a more selective filter, fewer sort keys, smaller expressions' },
  ) {}

  resume(): void {
    this.resumedAt ??= performance.now();
  }

  pause(): void {
    if (this.resumedAt !== undefined) this.ranMs += performance.now() - this.resumedAt;
    this.resumedAt = undefined;
  }

  private elapsedMs(): number {
    return this.ranMs + (this.resumedAt === undefined ? 0 : performance.now() - this.resumedAt);
  }

  /** The steps left before the request is refused: a store reads no more documents than the service can then examine. */
  get remainingSteps(): number {
    return Math.max(0, this.maxSteps - this.spent);
  }

  spend(steps: number, what: string): void {
    this.spent += steps;
    if (this.spent > this.maxSteps) {
      throw new HttpError(
        400,
        `The request needs more work than the local service allows one request (${this.maxSteps.toLocaleString('en-US')} steps, reached in ${what}); narrow ${this.narrow.what} (${this.narrow.how}) so that other requests are not held up`,
      );
    }
    if (this.spent >= this.nextClockCheck) {
      this.nextClockCheck = this.spent + CLOCK_EVERY;
      if (this.elapsedMs() > this.maxMs) {
        throw new HttpError(
          400,
          `The request ran past the local service's time limit for one request (${this.maxMs} ms, reached in ${what}); narrow ${this.narrow.what} so that other requests are not held up`,
        );
      }
    }
  }
}

let current: RequestBudget | undefined;

/** Runs one request's synchronous work (or a slice of it) under its budget; a fresh one by default. */
export function withBudget<T>(run: () => T, budget = new RequestBudget()): T {
  const outer = current;
  current = budget;
  budget.resume();
  try {
    return run();
  } finally {
    budget.pause();
    current = outer;
  }
}

/** The running request's budget, for work it continues after letting other requests run. */
export function currentBudget(): RequestBudget {
  return current ?? new RequestBudget();
}

/** Counts `steps` against the running request's budget; outside a request (start-up, tests of the engine alone) nothing is counted. */
export function spendWork(steps: number, what: string): void {
  current?.spend(steps, what);
}
