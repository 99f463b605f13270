export { DbHostClient } from './dbHostClient';
export type { DbHostClientOptions } from './dbHostClient';
export type { FetchFunction, FetchRequestInit, FetchResponse } from './fetchFunction';
export { redactKey } from './redactKey';
export { ServiceError, isServiceError } from './serviceError';
export type { ServiceErrorDetails, ServiceErrorKind } from './serviceError';
export type * from './types';
export type * from './originalTypes';
