export const OPERATION_KINDS = ['insert', 'query', 'update', 'delete', 'getmore', 'command'] as const;
export type CounterKind = (typeof OPERATION_KINDS)[number];

/** Seconds of per-second counts each member keeps. */
export const ACTIVITY_SECONDS = 600;
/**
 * The connections a member accepts (what its statistics call current + available). A second keeps at most
 * this many client connection names, so a client that opens a connection per request cannot make the record
 * of a second grow with its requests.
 */
export const MAX_CONNECTIONS = 819;

interface SecondCounts {
  /** Operations the member served itself. */
  own: Record<CounterKind, number>;
  /** Writes it applied as a secondary. */
  replicated: Record<CounterKind, number>;
  threads: Set<string>;
}

const zero = (): Record<CounterKind, number> => ({ insert: 0, query: 0, update: 0, delete: 0, getmore: 0, command: 0 });

/** The counter a server log line counts under, by the verb it starts with; undefined for lines that are no operation. */
export function counterOf(text: string): CounterKind | undefined {
  const verb = /^\S+/.exec(text)?.[0];
  if (verb === 'query') return 'query';
  if (verb === 'insert') return 'insert';
  if (verb === 'update') return 'update';
  if (verb === 'remove') return 'delete';
  if (verb === 'getmore') return 'getmore';
  if (verb === 'dbhost') return undefined;
  return 'command';
}

export interface ActivityWindow {
  own: Record<CounterKind, number>;
  replicated: Record<CounterKind, number>;
  /** Distinct client connections that operated on the member in the window. */
  connections: number;
}

/** Per-second operation counts of each deployment member, from the operations the service really performed. */
export class MemberActivity {
  private readonly members = new Map<string, Map<number, SecondCounts>>();

  count(member: string, kind: CounterKind, replicated: boolean, thread: string, at: number): void {
    const second = Math.floor(at / 1000);
    let seconds = this.members.get(member);
    if (!seconds) this.members.set(member, (seconds = new Map()));
    let counts = seconds.get(second);
    if (!counts) {
      seconds.set(second, (counts = { own: zero(), replicated: zero(), threads: new Set() }));
      for (const old of seconds.keys()) if (old <= second - ACTIVITY_SECONDS) seconds.delete(old);
    }
    (replicated ? counts.replicated : counts.own)[kind]++;
    if (!replicated && counts.threads.size < MAX_CONNECTIONS) counts.threads.add(thread);
  }

  /** Totals over the seconds [fromSecond, toSecond). */
  window(member: string, fromSecond: number, toSecond: number): ActivityWindow {
    const own = zero();
    const replicated = zero();
    const threads = new Set<string>();
    for (const [second, counts] of this.members.get(member) ?? []) {
      if (second < fromSecond || second >= toSecond) continue;
      for (const kind of OPERATION_KINDS) {
        own[kind] += counts.own[kind];
        replicated[kind] += counts.replicated[kind];
      }
      for (const thread of counts.threads) if (threads.size < MAX_CONNECTIONS) threads.add(thread);
    }
    return { own, replicated, connections: threads.size };
  }
}
