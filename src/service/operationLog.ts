import { counterOf, MemberActivity } from './activity/memberActivity';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A timestamp as mongod 2.x printed it: `Thu Jun 14 09:12:33.123` (UTC). */
export function logTimestamp(date: Date): string {
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`;
}

/**
 * The server log of each deployment member: the operations the service really performed on the
 * databases there. Reads go to the primary; writes are also applied by the secondaries. Each member
 * keeps its last `maxLines` lines.
 */
export class OperationLog {
  private readonly members = new Map<string, string[]>();
  /** What the lines count as, per member and second: the source of deployment statistics. */
  readonly activity = new MemberActivity();

  constructor(private readonly maxLines = 5000) {}

  record(members: string[], thread: string, text: string, write: boolean, at = new Date()): void {
    const stamp = logTimestamp(at);
    const counter = counterOf(text);
    if (counter)
      members.forEach(
        (member, position) => (position === 0 || write) && this.activity.count(member, counter, position > 0, thread, at.getTime()),
      );
    members.forEach((member, position) => {
      if (position === 0) this.append(member, `${stamp} [${thread}] ${text}`);
      else if (write) this.append(member, `${stamp} [repl writer worker ${position}] ${text}`);
    });
  }

  text(member: string): string {
    return (this.members.get(member) ?? []).join('\n');
  }

  private append(member: string, line: string): void {
    let lines = this.members.get(member);
    if (!lines) this.members.set(member, (lines = []));
    lines.push(line);
    if (lines.length > this.maxLines + 500) lines.splice(0, lines.length - this.maxLines);
  }
}
