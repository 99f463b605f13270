/** An error the service answers with its own status and `{"error": message}`; anything else is a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Members the answer carries beside `error` (the violations of a refused write). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);
export const conflict = (message: string): HttpError => new HttpError(409, message);
export const forbidden = (message: string): HttpError => new HttpError(403, message);

/** The body of an error answer: `{"error": message}` and its details, each scrubbed of keys. */
export function errorBody(error: HttpError, scrub: (text: string) => string): Record<string, unknown> {
  const body: Record<string, unknown> = { error: scrub(error.message) };
  for (const [name, value] of Object.entries(error.details)) {
    if (name !== 'error') body[name] = JSON.parse(scrub(JSON.stringify(value))) as unknown;
  }
  return body;
}
