// The API's types live in core (core/api/types.ts); the client implements them. Kept so imports from
// the client's side keep working.
export type * from '../core/api/types';
