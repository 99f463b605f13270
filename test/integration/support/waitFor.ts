import type * as vscode from 'vscode';

export interface WaitForOptions {
  /** Looks again whenever this fires; without one, looks again every 25 ms (for what no event announces). */
  event?: vscode.Event<unknown>;
  /** What never came, for the message when the wait gives up. */
  what?: string;
  /** Extra state for that message. */
  describeState?: () => string;
  /** Gives up after this long (default 60 s; the test's own timeout usually ends it first). */
  limitMs?: number;
}

type Outcome<T> = T | undefined | false;

/**
 * The one way tests wait: resolves with the first value `check` gives that is neither undefined nor false,
 * checking at once and then on every `event` (or every 25 ms). No sleeps: the wait ends when the condition holds.
 */
export function waitFor<T>(check: () => Outcome<T> | Promise<Outcome<T>>, options: WaitForOptions = {}): Promise<T> {
  const limitMs = options.limitMs ?? 60_000;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let looking = false;
    let again = false;
    let subscription: vscode.Disposable | undefined;
    let poll: ReturnType<typeof setTimeout> | undefined;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      subscription?.dispose();
      clearTimeout(poll);
      clearTimeout(limit);
      action();
    };
    const limit = setTimeout(
      () =>
        finish(() => reject(new Error(`Never saw ${options.what ?? 'the awaited condition'}. ${options.describeState?.() ?? ''}`.trim()))),
      limitMs,
    );
    const look = async (): Promise<void> => {
      if (settled) return;
      if (looking) {
        again = true;
        return;
      }
      looking = true;
      try {
        do {
          again = false;
          const value = await check();
          if (value !== undefined && value !== false) return finish(() => resolve(value));
        } while (again && !settled);
      } catch (error) {
        return finish(() => reject(error instanceof Error ? error : new Error(String(error))));
      } finally {
        looking = false;
      }
      if (!options.event && !settled) poll = setTimeout(() => void look(), 25);
    };
    if (options.event) subscription = options.event(() => void look());
    void look();
  });
}
