export { DbHostClient } from './dbHostClient';
export type { DbHostClientOptions } from './dbHostClient';
export type { FetchFunction, FetchRequestInit, FetchResponse } from './fetchFunction';
export { redactKey } from '../core/text/redactKey';
export { ServiceError, isServiceError } from './serviceError';
export type { ServiceErrorDetails, ServiceErrorKind } from './serviceError';
export type * from '../core/api/types';
export type * from '../core/api/originalTypes';
export type { OutgoingRequest } from './transport';
