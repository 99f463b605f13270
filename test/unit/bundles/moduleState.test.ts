import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { build } from 'esbuild';
import * as ts from 'typescript';

const root = resolve(__dirname, '..', '..', '..');
// esbuild.js is the project's build script (CommonJS); its options are what ships.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { bundleOptions } = require(join(root, 'esbuild.js')) as { bundleOptions(production: boolean): Record<string, BuildOptions> };

/** The bundles that run in the extension host: those that import vscode (the main one and its lazily loaded ones), and the two plain ones it loads. */
function extensionHostBundles(options: Record<string, BuildOptions>): string[] {
  const withVscode = Object.keys(options).filter((name) => options[name].external?.includes('vscode'));
  return [...withVscode, 'playgroundParser', 'nodeFetch'];
}

const MUTATING_CALL = /\.(add|set|delete|clear|push|pop|shift|unshift|splice)\(/;
const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array']);

/**
 * The names of what a module keeps between calls at its top level: a `let` or `var`, a collection it
 * mutates (a `const` Set only read is a table, not state), and anything marked with a `@moduleState` comment.
 */
export function moduleState(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const marked = /@moduleState\b/.test(statement.getFullText().slice(0, statement.getLeadingTriviaWidth()));
    const mutable = (statement.declarationList.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) !== ts.NodeFlags.Const;
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(source);
      const init = declaration.initializer;
      const collection =
        init !== undefined &&
        ((ts.isNewExpression(init) && COLLECTIONS.has(init.expression.getText(source))) || ts.isArrayLiteralExpression(init)) &&
        text.split('\n').some((line) => line.includes(`${name}.`) && MUTATING_CALL.test(line.slice(line.indexOf(`${name}.`))));
      if (marked || mutable || collection) found.push(name);
    }
  }
  return found;
}

describe('bundles: a module that holds state is in one bundle only', function () {
  this.timeout(120_000);

  it('finds the state of a module: its lets, the collections it changes, what it marks; not its tables', () => {
    const source = [
      'let cache: string | undefined;',
      'const known = new Set<string>();',
      'export function remember(key: string) { known.add(key); }',
      'const TABLE = new Set([1, 2]);',
      'export const isInTable = (n: number) => TABLE.has(n);',
      '/** @moduleState */',
      'const registry = Object.create(null);',
      'export function f() { let local = 1; return local; }',
    ].join('\n');
    assert.deepEqual(moduleState('probe.ts', source), ['cache', 'known', 'registry']);
  });

  it('no module with state is bundled into two of the bundles the extension host loads', async () => {
    const options = bundleOptions(false);
    const bundlesOf = new Map<string, string[]>();
    const bundles = extensionHostBundles(options);
    assert.ok(bundles.includes('extension') && bundles.includes('transfer'), `the bundles: ${bundles.join(', ')}`);
    for (const name of bundles) {
      const result = await build({ ...options[name], absWorkingDir: root, write: false, metafile: true });
      for (const input of Object.keys(result.metafile.inputs).filter((file) => file.startsWith('src/'))) {
        bundlesOf.set(input, [...(bundlesOf.get(input) ?? []), name]);
      }
    }
    const forked = [...bundlesOf]
      .filter(([, bundles]) => bundles.length > 1)
      .flatMap(([file, bundles]) => {
        const state = moduleState(file, readFileSync(join(root, file), 'utf8'));
        return state.length > 0 ? [`${file} (${state.join(', ')}) is copied into ${bundles.join(', ')}`] : [];
      });
    assert.ok(bundlesOf.size > 100, 'the metafiles list the sources');
    assert.deepEqual(forked, [], 'hand such state in through Services instead');
  });
});
