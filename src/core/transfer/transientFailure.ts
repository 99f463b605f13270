/** The parts of the client's ServiceError that decide what to do next (core reads them without importing the client). */
interface FailureShape {
  kind?: unknown;
  status?: unknown;
}

function shape(error: unknown): FailureShape {
  return typeof error === 'object' && error !== null ? (error as FailureShape) : {};
}

/** A failure that trying again may cure: no answer, a timeout, an answer cut short or garbled, or a 5xx. */
export function isTransient(error: unknown): boolean {
  const { kind, status } = shape(error);
  return (
    kind === 'network' ||
    kind === 'timeout' ||
    kind === 'invalid-response' ||
    (kind === 'http' && typeof status === 'number' && status >= 500)
  );
}

export function isCancelled(error: unknown): boolean {
  return shape(error).kind === 'cancelled' || (error instanceof Error && error.name === 'AbortError');
}

export function httpStatus(error: unknown): number | undefined {
  const { kind, status } = shape(error);
  return kind === 'http' && typeof status === 'number' ? status : undefined;
}

export function reasonOf(error: unknown): string {
  const serviceMessage = (error as { serviceMessage?: unknown } | null)?.serviceMessage;
  if (typeof serviceMessage === 'string' && serviceMessage !== '') return serviceMessage;
  return error instanceof Error ? error.message : String(error);
}

/** Waits `ms`, or less when `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
