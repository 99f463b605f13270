/** Thrown by {@link CallDeadline.race} once the call is over, whether by timeout or by cancellation. */
export class CallAborted extends Error {
  constructor() {
    super('The call was aborted');
  }
}

/**
 * The time limit and cancellation of one client call, retries included: a single signal for fetch,
 * plus a record of which of the two ended the call.
 */
export class CallDeadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private reason: 'timeout' | 'cancelled' | undefined;
  private readonly onCancel = () => this.end('cancelled');
  private readonly onEnd = new Set<() => void>();

  constructor(
    private readonly callerSignal: AbortSignal | undefined,
    readonly timeoutMs: number,
  ) {
    if (callerSignal?.aborted) this.end('cancelled');
    callerSignal?.addEventListener('abort', this.onCancel, { once: true });
    this.timer = setTimeout(() => this.end('timeout'), timeoutMs);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the call ended early, if it did. */
  get endedBy(): 'timeout' | 'cancelled' | undefined {
    return this.reason;
  }

  /** Settles like `promise`, or rejects with {@link CallAborted} as soon as the call is over, even if `promise` never settles. */
  race<T>(promise: Promise<T>): Promise<T> {
    if (this.reason !== undefined) {
      promise.catch(() => undefined);
      return Promise.reject(new CallAborted());
    }
    // A plain callback set rather than listeners on the signal: this runs twice per request.
    return new Promise<T>((resolve, reject) => {
      const onEnd = () => reject(new CallAborted());
      this.onEnd.add(onEnd);
      promise.then(
        (value) => {
          this.onEnd.delete(onEnd);
          resolve(value);
        },
        (error: unknown) => {
          this.onEnd.delete(onEnd);
          reject(error);
        },
      );
    });
  }

  /** Waits `ms`, or less if the call ends first (then rejects with {@link CallAborted}). */
  wait(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return this.race(new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))).finally(() => clearTimeout(timer));
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.callerSignal?.removeEventListener('abort', this.onCancel);
  }

  private end(reason: 'timeout' | 'cancelled'): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    this.controller.abort();
    for (const onEnd of this.onEnd) onEnd();
    this.onEnd.clear();
  }
}
