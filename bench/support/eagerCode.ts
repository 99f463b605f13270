import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A static import of a file of the same folder (`import … from "./x.mjs"` or `import "./x.mjs"`), not an `import()`. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.mjs)["']/g;

/**
 * What the extension host loads at activation: dist/extension.mjs and every chunk it imports statically,
 * transitively (the lazily loaded parts and the chunks only they import wait for first use). `read` gives
 * a file of dist/ by name; the answer maps each file loaded to its size in bytes.
 */
export function eagerFiles(read: (name: string) => string): Map<string, number> {
  const found = new Map<string, number>();
  const pending = ['extension.mjs'];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (found.has(name)) continue;
    const text = read(name);
    found.set(name, Buffer.byteLength(text));
    for (const match of text.matchAll(STATIC_IMPORT)) pending.push(match[1]);
  }
  return found;
}

/** The kilobytes loaded at activation from the dist/ folder `dir`. */
export function eagerKilobytes(dir: string): number {
  const files = eagerFiles((name) => readFileSync(join(dir, name), 'utf8'));
  return [...files.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
}
