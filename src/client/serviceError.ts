// The error contract of the API lives in core (core/api/serviceError.ts); the client throws it. Kept so that
// code written against the old place still builds; new code imports core.
export { ServiceError, isServiceError } from '../core/api/serviceError';
export type { ServiceErrorDetails, ServiceErrorKind } from '../core/api/serviceError';
