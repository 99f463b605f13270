export type ServiceErrorKind = 'http' | 'network' | 'timeout' | 'cancelled' | 'invalid-response';

export interface ServiceErrorDetails {
  kind: ServiceErrorKind;
  method: string;
  /** The request path, without query string (and so without the key). */
  path: string;
  status?: number;
  serviceMessage?: string;
  cause?: unknown;
}

/**
 * The one error every client call rejects with. Its message is meant for the user; it never holds the
 * API key (the transport scrubs it before building the error).
 */
export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  readonly method: string;
  readonly path: string;
  /** The HTTP status, when the service answered. */
  readonly status?: number;
  /** What the service said went wrong: its `{"error": "…"}` text or its plain-text body. */
  readonly serviceMessage?: string;

  constructor(message: string, details: ServiceErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.method = details.method;
    this.path = details.path;
    if (details.status !== undefined) this.status = details.status;
    if (details.serviceMessage !== undefined) this.serviceMessage = details.serviceMessage;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      method: this.method,
      path: this.path,
      status: this.status,
      serviceMessage: this.serviceMessage,
      message: this.message,
    };
  }
}

Object.defineProperty(ServiceError.prototype, 'name', { value: 'ServiceError', writable: true, configurable: true });

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}
