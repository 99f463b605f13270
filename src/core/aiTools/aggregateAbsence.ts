import { isServiceError } from '../api/serviceError';

/**
 * What the caller remembers of one account's service: whether it answered that it has no `…/aggregate` (issue 31:
 * beyond the interface, like explain). The extension keeps it per client, shared with the playground's lenses; the
 * MCP server for its one account.
 */
export interface AggregateMemory {
  /** The account's label, for the answer. */
  label: string;
  known(): boolean;
  learnt(): void;
}

/** Statuses with which a service says it has no such endpoint. */
const ABSENT_STATUSES = new Set([404, 405, 501]);

/** Whether an error is the service saying it has no `…/aggregate`; a 404 saying the database or collection does not exist is not. */
export function isAggregateEndpointAbsent(error: unknown): boolean {
  if (!isServiceError(error) || error.kind !== 'http' || error.status === undefined || !ABSENT_STATUSES.has(error.status)) return false;
  return !/does not exist/i.test(error.serviceMessage ?? error.message);
}

/** The tool's answer on a service without aggregation: `sent` when this call is the one that found out. */
export function noAggregationText(accountLabel: string, sent: boolean): string {
  const how = sent
    ? 'it answered 404 Not Found to …/aggregate'
    : 'it answered 404 Not Found to …/aggregate before, so nothing was sent this time';
  return `The service of "${accountLabel}" has no aggregation pipelines: ${how}. Nothing is wrong with the pipeline; this service cannot run one. Use dbhost_find (filter, projection, sort) and dbhost_count instead, and work out groups or totals from their answers.`;
}

/** Runs `call` unless the service is known to have no aggregation; learns it from the answer otherwise. */
export async function unlessAggregateAbsent<T>(memory: AggregateMemory | undefined, call: () => Promise<T>): Promise<T | string> {
  if (memory?.known()) return noAggregationText(memory.label, false);
  try {
    return await call();
  } catch (error) {
    if (!memory || !isAggregateEndpointAbsent(error)) throw error;
    memory.learnt();
    return noAggregationText(memory.label, true);
  }
}
