import * as assert from 'node:assert/strict';
import { visitedScreens } from './screen-texts';

// Mocha root hooks (loaded through .mocharc.json `require`): after the whole e2e suite, no screen it took a
// screenshot of may show an API key of the services it used, in visible, accessible or attribute text.

const keys = new Set<string>();

/** A key that must never appear on screen; the services the suite starts register theirs. */
export function watchForKey(apiKey: string): void {
  keys.add(apiKey);
}

export const mochaHooks = {
  afterAll(): void {
    const screens = visitedScreens();
    if (screens.length === 0) return;
    assert.ok(keys.size > 0, 'the e2e suite took screenshots but registered no API key to look for');
    const leaks: string[] = [];
    for (const screen of screens) {
      assert.ok(screen.visible.trim() && screen.accessible.trim(), `no text was read from the screen ${screen.screen}`);
      for (const [kind, text] of Object.entries({
        visible: screen.visible,
        accessible: screen.accessible,
        attributes: screen.attributes,
      })) {
        for (const key of keys) {
          // Also a key cut by wrapping or shown in part: any 16 characters of it in a row.
          if (!containsPartOf(text, key)) continue;
          // Attribute lines start with the element they came from, e.g. "[input.input (not rendered) value property]".
          const elements = text
            .split('\n')
            .filter((line) => containsPartOf(line, key))
            .map((line) => /^\[[^\]]*\]/.exec(line)?.[0]);
          leaks.push(`${screen.screen}, ${kind} text${kind === 'attributes' ? ` ${elements.filter(Boolean).join(' ')}` : ''}`);
        }
      }
    }
    assert.deepEqual(leaks, [], `an API key appeared on screen: ${leaks.join(', ')}`);
    console.log(
      `  key canary: ${keys.size} API key(s) appear on none of the ${screens.length} screens (visible, accessible and attribute text)`,
    );
  },
};

function containsPartOf(text: string, key: string): boolean {
  const flattened = text.replace(/\s+/g, '');
  for (let start = 0; start + 16 <= key.length; start += 1) {
    if (flattened.includes(key.slice(start, start + 16))) return true;
  }
  return false;
}
