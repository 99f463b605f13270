/** What a failed call's error says, in the few words a tree item's description has room for. */
export interface FailureFacts {
  kind?: string;
  status?: number;
  serviceMessage?: string;
  message: string;
}

const REACH = /^Could not reach the service at (?:https?:\/\/)?([^\s/:]+(?::\d+)?)[^:]*: (.+)$/s;

/**
 * "service not answering at 127.0.0.1:8780", "HTTP 403: invalid key", "timed out after 30 s": the cause of a
 * failure short enough to be read beside the item it replaces; the whole message stays in the tooltip.
 */
export function shortCause(failure: FailureFacts): string {
  const reach = REACH.exec(failure.message);
  if (failure.kind === 'network' && reach) {
    return /refused|reset|closed/.test(reach[2]) ? `service not answering at ${reach[1]}` : `${reach[2]} (${reach[1]})`;
  }
  if (failure.kind === 'timeout') return failure.message.replace(/^\S+ \S+ /, '');
  if (failure.kind === 'http' && failure.status !== undefined)
    return failure.serviceMessage ? `HTTP ${failure.status}: ${failure.serviceMessage}` : `HTTP ${failure.status}`;
  const line = failure.message.split(/\r?\n/, 1)[0];
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
