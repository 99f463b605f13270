import type { DeploymentLogEntry } from '../api/types';
import { LogTail } from './logTail';

/**
 * What was shown of each member's log. A deployment with several members gets each line prefixed
 * with its member, from the moment a second member is seen.
 */
export class MemberLogs {
  private readonly tails = new Map<string, LogTail>();

  /**
   * The lines of `entries` not shown before, in the order the members came. Of a member seen for the first
   * time only the last `initialLines` are given (all when 0); `skipped` counts the lines left out.
   */
  take(entries: readonly DeploymentLogEntry[], initialLines = 0): { lines: string[]; skipped: number } {
    const texts = new Map<string, string[]>();
    for (const entry of entries) {
      const member = entry.member ?? '';
      texts.set(member, [...(texts.get(member) ?? []), entry.log]);
    }
    const firstSeen = new Set([...texts.keys()].filter((member) => !this.tails.has(member)));
    for (const member of firstSeen) this.tails.set(member, new LogTail());
    const prefixed = this.tails.size > 1;
    const fresh: string[] = [];
    let skipped = 0;
    for (const [member, logs] of texts) {
      let lines = (this.tails.get(member) as LogTail).next(logs.join('\n'));
      if (firstSeen.has(member) && initialLines > 0 && lines.length > initialLines) {
        skipped += lines.length - initialLines;
        lines = lines.slice(-initialLines);
      }
      for (const line of lines) fresh.push(prefixed ? `[${member || 'no member named'}] ${line}` : line);
    }
    return { lines: fresh, skipped };
  }
}
