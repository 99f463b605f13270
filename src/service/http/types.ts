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
  /** Whether the request is in the original clients' form, which some answers keep the original's shape for (see asksOriginalShape). */
  originalShape?: boolean;
}

export interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A handler that lets other requests run part-way (a long scan) answers with a promise. */
export type Handler = (context: RequestContext) => Reply | Promise<Reply>;

export const OK: Reply = { body: { ok: 1 } };
