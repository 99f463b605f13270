import type * as vscode from 'vscode';
import type { ComponentLogger } from './logger';

/**
 * Hands set-up to {@link AfterActivation}: `what` names it in the log if it fails. Disposing what it returns
 * takes the set-up back if it has not run yet (a feature that failed to activate leaves none to run).
 */
export type RunAfterActivation = (what: string, work: () => void) => vscode.Disposable;

/**
 * Set-up that no activation event waits for: what VS Code does not look up the moment activate() resolves, unlike
 * commands, tools, views, file systems and webview serializers (which stay in activate). Language providers,
 * context keys of menus and the status bar's look run here, in one task right after activate() returned, in the
 * order they were handed over; a person sees the same window a moment later. Work handed over once that task
 * ran runs at once; none runs once the extension was deactivated.
 */
export class AfterActivation implements vscode.Disposable {
  private pending: { what: string; work: () => void }[] | undefined = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(private readonly logger: ComponentLogger) {}

  readonly add: RunAfterActivation = (what, work) => {
    const step = { what, work };
    if (this.disposed) return { dispose: () => undefined };
    if (this.pending) this.pending.push(step);
    else this.runOne(what, work);
    return { dispose: () => void (this.pending = this.pending?.filter((held) => held !== step)) };
  };

  /** Called when activate() is about to return: the work runs in the next task. */
  start(): void {
    this.timer ??= setTimeout(() => this.run(), 0);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.pending = undefined;
  }

  private run(): void {
    const pending = this.pending ?? [];
    this.pending = undefined;
    const started = performance.now();
    for (const { what, work } of pending) this.runOne(what, work);
    this.logger.info(`Set up after activation in ${(performance.now() - started).toFixed(1)} ms`);
  }

  private runOne(what: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.logger.error(`Could not set up ${what}`, error);
    }
  }
}
