import * as assert from 'node:assert/strict';
import { AfterActivation } from '../../../../src/extension/base/afterActivation';
import type { ComponentLogger } from '../../../../src/extension/base/logger';

/** A logger that keeps its lines, as Output > DB Host would show them. */
function keptLines(): { logger: ComponentLogger; lines: string[] } {
  const lines: string[] = [];
  const keep = (level: string) => (message: string, error?: unknown) =>
    lines.push(`${level} ${message}${error instanceof Error ? `: ${error.message}` : ''}`);
  return { lines, logger: { info: keep('info'), warn: keep('warn'), error: keep('error'), debug: keep('debug') } };
}

/** A promise and the function that settles it, for work that says when it ran. */
function signal(): { promise: Promise<void>; done: () => void } {
  let done!: () => void;
  const promise = new Promise<void>((resolve) => (done = resolve));
  return { promise, done };
}

describe('extension/base: set-up that runs right after activation', () => {
  it('runs nothing while activate() runs, then everything in the order handed over, in a later task', async () => {
    const { logger, lines } = keptLines();
    const later = new AfterActivation(logger);
    const ran: string[] = [];
    const last = signal();
    later.add('the lenses', () => ran.push('lenses'));
    later.add('the status bar', () => ran.push('status bar'));
    later.add('the end', last.done);
    later.start();
    // activate() returns here: nothing handed over has run yet.
    assert.deepEqual(ran, []);
    await last.promise;
    assert.deepEqual(ran, ['lenses', 'status bar']);
    assert.match(lines.at(-1) ?? '', /^info Set up after activation in \d+\.\d ms$/);
    later.dispose();
  });

  it('set-up taken back before it ran does not run; the rest still does', async () => {
    const later = new AfterActivation(keptLines().logger);
    const ran: string[] = [];
    const last = signal();
    const users = later.add('the users look', () => ran.push('users'));
    later.add('the copy menus', () => ran.push('copy'));
    later.add('the end', last.done);
    users.dispose();
    later.start();
    await last.promise;
    assert.deepEqual(ran, ['copy']);
    later.dispose();
  });

  it('a failing set-up is logged with its cause, and the ones after it still run', async () => {
    const { logger, lines } = keptLines();
    const later = new AfterActivation(logger);
    const last = signal();
    later.add('the completion', () => {
      throw new Error('provider refused');
    });
    later.add('the end', last.done);
    later.start();
    await last.promise;
    assert.deepEqual(
      lines.filter((line) => line.startsWith('error')),
      ['error Could not set up the completion: provider refused'],
    );
    later.dispose();
  });

  it('set-up handed over once it ran runs at once; none runs once the extension was deactivated', async () => {
    const { logger } = keptLines();
    const later = new AfterActivation(logger);
    const first = signal();
    later.add('the first', first.done);
    later.start();
    await first.promise;
    const ran: string[] = [];
    later.add('a late one', () => ran.push('late'));
    assert.deepEqual(ran, ['late']);
    later.dispose();
    later.add('after deactivation', () => ran.push('after deactivation'));
    assert.deepEqual(ran, ['late']);
  });

  it('deactivated before its task came, it runs none of what was handed over', async () => {
    const { logger, lines } = keptLines();
    const later = new AfterActivation(logger);
    const ran: string[] = [];
    later.add('the lenses', () => ran.push('lenses'));
    later.start();
    later.dispose();
    // A task queued after the cancelled one: had the set-up run, it would have run before this.
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(ran, []);
    assert.deepEqual(lines, []);
  });
});
