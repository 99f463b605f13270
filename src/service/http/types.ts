import type { Account } from '../account';
import type { Body } from './params';

export interface RequestContext {
  account: Account;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body of POST and PUT (always an object); empty for GET and DELETE. */
  body: Body;
  /** The server-log thread name of the connection, e.g. `conn7`. */
  thread: string;
}

export interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Handler = (context: RequestContext) => Reply | Promise<Reply>;

export const OK: Reply = { body: { ok: 1 } };
