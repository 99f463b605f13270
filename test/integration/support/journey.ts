import type { Suite } from 'mocha';
import { closeAllEditors } from './editors';

/**
 * Where the mark is kept: on the suite object itself, because every test file is bundled with its own copy of
 * this module while the root hooks (test/integration/support/rootHooks.ts) come from the suite entry's bundle.
 */
const JOURNEY = Symbol.for('dbhost.integration.journey');

/**
 * Marks a suite whose tests build on each other's editors (a view opened by the first test and driven by the
 * next): the root hooks leave its editors open between its tests and close them after its last one. Call it first
 * thing in the suite's body: `describe('…', function () { journey(this); … })`.
 */
export function journey(suite: Suite): void {
  (suite as unknown as Record<symbol, boolean>)[JOURNEY] = true;
  suite.afterAll("close the journey's editors", async () => closeAllEditors());
}

/** Whether the suite, or one it is nested in, is a journey. */
export function isInJourney(suite: Suite | undefined): boolean {
  for (let current = suite; current; current = current.parent) {
    if ((current as unknown as Record<symbol, boolean>)[JOURNEY]) return true;
  }
  return false;
}
