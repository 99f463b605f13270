/** The status of a ServiceError, read without importing the client (core stays below it). */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The call's answer, or a sentence saying the service does not offer `what` when it answered 404. */
export async function notOffered<T>(call: () => Promise<T>, what: string): Promise<T | string> {
  try {
    return await call();
  } catch (error) {
    if (statusOf(error) === 404) {
      const detail = error instanceof Error ? ` (${error.message})` : '';
      return `${what} is not offered here: the service answered 404 Not Found${detail}. Nothing is wrong with the input; this service has no such endpoint, or the database, collection or deployment does not exist.`;
    }
    throw error;
  }
}
