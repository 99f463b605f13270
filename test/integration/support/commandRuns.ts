import * as vscode from 'vscode';

type Execute = (command: string, ...args: unknown[]) => Thenable<unknown>;
type Waiter = (run: Thenable<unknown>) => void;
const writable = vscode.commands as unknown as { executeCommand: Execute };

// Each test file is bundled with its own copy of this module: the copies share one recorder, as they share the
// product's `vscode.commands` (the suite runs from inside the product's folder), whose executeCommand it wraps.
const waiting: Map<string, Waiter[]> = ((globalThis as { [key: symbol]: Map<string, Waiter[]> })[
  Symbol.for('dbhost.integration.commandRuns')
] ??= recordRuns());

function recordRuns(): Map<string, Waiter[]> {
  const byCommand = new Map<string, Waiter[]>();
  const execute = writable.executeCommand;
  writable.executeCommand = (command, ...args) => {
    const run = execute.call(vscode.commands, command, ...args);
    const waiters = byCommand.get(command) ?? [];
    byCommand.delete(command);
    for (const waiter of waiters) waiter(run);
    return run;
  };
  return byCommand;
}

/**
 * Settles once the next run of `command` through `vscode.commands.executeCommand` (by the product or a test) has
 * ended, whether it succeeded or failed: what it did is for the test to read where a user would see it.
 */
export function nextRunOf(command: string): Promise<void> {
  return new Promise<Thenable<unknown>>((started) => {
    const waiters = waiting.get(command) ?? [];
    waiting.set(command, [...waiters, started]);
  }).then((run) =>
    Promise.resolve(run).then(
      () => undefined,
      () => undefined,
    ),
  );
}
