import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { spawn } from 'node:child_process';

/**
 * A long-running child (service, code-server) whose output is kept, with every secret masked, for the
 * error message when it fails; it is never streamed to the console.
 */
export class ManagedProcess {
  private output = '';
  private readonly waiters = new Set<() => void>();
  private readonly exited: Promise<void>;
  private exitDescription: string | undefined;

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    private readonly secrets: readonly string[],
  ) {
    child.stdout?.on('data', (chunk: Buffer) => this.append(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.append(chunk));
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        this.exitDescription = signal ? `killed by ${signal}` : `exited with code ${code}`;
        resolve();
      });
      child.on('error', (error) => {
        this.exitDescription = `could not start: ${error.message}`;
        resolve();
      });
    });
    running.add(this);
  }

  /** Starts `command` in a process group of its own, so that stopping it also stops what it started. */
  static start(
    name: string,
    command: string,
    args: readonly string[],
    options: SpawnOptions & { secrets?: readonly string[] } = {},
  ): ManagedProcess {
    killProcessesOnExit();
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    return new ManagedProcess(name, child, options.secrets ?? []);
  }

  private append(chunk: Buffer): void {
    this.output += this.mask(chunk.toString());
    if (this.output.length > 200_000) this.output = this.output.slice(-100_000);
    for (const waiter of [...this.waiters]) waiter();
  }

  mask(text: string): string {
    return this.secrets.reduce((masked, secret) => (secret ? masked.split(secret).join('***') : masked), text);
  }

  /** The output so far, secrets masked. */
  get log(): string {
    return this.output;
  }

  /** Resolves with the first match of `pattern` in the output; rejects when the process exits first or the time runs out. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      let finished = false;
      const finish = (settle: () => void): void => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        this.waiters.delete(check);
        settle();
      };
      const check = (): void => {
        const match = this.output.match(pattern);
        if (match) finish(() => resolve(match));
      };
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(new Error(`${this.name} did not print ${pattern} within ${timeoutMs / 1000} s. Its output:\n${this.tail()}`)),
          ),
        timeoutMs,
      );
      this.waiters.add(check);
      void this.exited.then(() => {
        check();
        finish(() => reject(new Error(`${this.name} ${this.exitDescription}. Its output:\n${this.tail()}`)));
      });
      check();
    });
  }

  tail(lines = 40): string {
    return this.output.trimEnd().split('\n').slice(-lines).join('\n');
  }

  /** Settles, with why and the last of its output, when the process ends. */
  whenExited(): Promise<string> {
    return this.exited.then(() => `${this.name} ${this.exitDescription}. Its output:\n${this.tail()}`);
  }

  get hasExited(): boolean {
    return this.exitDescription !== undefined;
  }

  /** SIGTERM to the whole group, SIGKILL if it is still there after a grace period. */
  async stop(graceMs = 5000): Promise<void> {
    running.delete(this);
    if (this.hasExited || this.child.pid === undefined) return;
    signalGroup(this.child.pid, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(this.child.pid, 'SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
    // The leader may exit before the rest of its group (code-server's extension host).
    signalGroup(this.child.pid, 'SIGKILL');
  }

  /** What Ctrl-C in its terminal would send: SIGINT to the process itself, which then shuts down on its own. */
  interrupt(): void {
    if (!this.hasExited && this.child.pid !== undefined) process.kill(this.child.pid, 'SIGINT');
  }

  /** For the synchronous `exit` handler: no waiting possible there. */
  killNow(): void {
    if (!this.hasExited) signalGroup(this.child.pid, 'SIGKILL');
  }
}

function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

const running = new Set<ManagedProcess>();

/** Stops every process this script started that is still running. */
export async function stopAllProcesses(): Promise<void> {
  await Promise.all([...running].map((p) => p.stop()));
}

let exitHookInstalled = false;

/**
 * Kills what is left when the script exits without cleaning up (an uncaught error, process.exit): the children
 * run in process groups of their own, so nothing else would. Installed by the first start.
 */
export function killProcessesOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const p of running) p.killNow();
  });
}

/** Ctrl-C and friends stop every started process cleanly, then end the script. */
export function stopProcessesOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      void stopAllProcesses().finally(() => process.exit(130));
    });
  }
}
