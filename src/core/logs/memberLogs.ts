import type { DeploymentLogEntry } from '../api/types';
import { LogTail } from './logTail';

/**
 * What was shown of each member's log. A deployment with several members gets each line prefixed
 * with its member, from the moment a second member is seen.
 */
export class MemberLogs {
  private readonly tails = new Map<string, LogTail>();

  /** The lines of `entries` not shown before, in the order the members came. */
  take(entries: readonly DeploymentLogEntry[]): string[] {
    const texts = new Map<string, string[]>();
    for (const entry of entries) {
      const member = entry.member ?? '';
      texts.set(member, [...(texts.get(member) ?? []), entry.log]);
    }
    for (const member of texts.keys()) if (!this.tails.has(member)) this.tails.set(member, new LogTail());
    const prefixed = this.tails.size > 1;
    const fresh: string[] = [];
    for (const [member, logs] of texts) {
      const lines = (this.tails.get(member) as LogTail).next(logs.join('\n'));
      for (const line of lines) fresh.push(prefixed ? `[${member || 'no member named'}] ${line}` : line);
    }
    return fresh;
  }
}
