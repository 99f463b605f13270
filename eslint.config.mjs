import * as fs from 'node:fs';
import * as path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const vscodeOnlyInExtension = { name: 'vscode', message: 'Only src/extension may import vscode: client, core and service are plain Node.' };

/** The layers' import rules: core imports no other layer; client and service import core only; the extension imports no service code. */
const layerMessages = {
  client: 'Only the extension uses the client (and tests); core holds the types both share.',
  service: 'The local service is its own process: other layers talk to it over HTTP, never by importing it.',
  extension: 'Only the extension imports the extension.',
  mcp: 'The MCP server is its own process (dist/mcp.js): other layers start it, never import it.',
};

function importRules(forbiddenLayers, { vscode }) {
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: vscode ? [] : [vscodeOnlyInExtension],
        patterns: forbiddenLayers.map((layer) => ({ group: [`**/${layer}`, `**/${layer}/**`], message: layerMessages[layer] })),
      },
    ],
  };
}

/**
 * A feature folder of src/extension (any folder but the shared ones) imports only its own folder, the shared
 * folders, services.ts and the other layers: features reach each other through Services, ResourceChanges or
 * commands; none imports a composition root. The composition roots (extension.ts, and bundles/, which wires
 * the lazily loaded bundles) may import any feature. The shared folders import no feature, except its types
 * (a lazily loaded bundle's loader names the bundle's type). Worked out from the paths alone, so a new feature
 * folder is covered the day it appears.
 */
const extensionRoot = path.join(import.meta.dirname, 'src', 'extension');
const sharedExtensionFolders = new Set(['kit', 'base']);
const compositionRootFolders = new Set(['bundles']);

/** The first folder under src/extension of a file; undefined outside it and for the root's own files (the composition root). */
function extensionFolderOf(file) {
  const relative = path.relative(extensionRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : undefined;
}

/**
 * What an import's resolved path reaches under src/extension: its first folder, or a file of the root
 * (`extension.ts`; `services.ts` is the Services type every feature takes, so it counts as shared).
 */
function extensionTargetOf(resolved) {
  const relative = path.relative(extensionRoot, resolved);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  if (rest.length > 0) return { folder: first };
  const name = first.replace(/\.(ts|js)$/, '');
  // `../playground` (an index import) names a folder; `../services` names a file of the root.
  if (!fs.existsSync(path.join(extensionRoot, `${name}.ts`))) return { folder: name };
  return name === 'services' ? undefined : { rootFile: `${name}.ts` };
}

/** The text of a module specifier: a string literal, or a template literal without expressions. */
function specifierOf(node) {
  if (!node) return undefined;
  if (node.type === 'Literal') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossFeature:
        "The feature folder '{{from}}' imports the folder '{{to}}': a feature imports only its own folder, kit, base, core and client. " +
        'Move what both need to src/extension/kit, or connect them in a composition root (extension.ts, bundles/) through Services, ResourceChanges or a command.',
      rootFile:
        "The feature folder '{{from}}' imports '{{to}}', a composition root: features are wired there and never import it. " +
        'Take what you need through Services (src/extension/services.ts) or src/extension/kit.',
      sharedImportsFeature:
        "The shared folder '{{from}}' imports the feature folder '{{to}}': shared code serves the features and imports none of them, " +
        "except their types (`import type`, as a lazily loaded bundle's loader does). Move the code into kit, or connect it in a composition root.",
    },
  },
  create(context) {
    const from = extensionFolderOf(context.filename);
    if (from === undefined || compositionRootFolders.has(from)) return {};
    const shared = sharedExtensionFolders.has(from);
    const check = (node, source, typeOnly) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = extensionTargetOf(path.resolve(path.dirname(context.filename), source));
      if (target === undefined) return;
      if (target.rootFile) {
        context.report({ node, messageId: 'rootFile', data: { from, to: target.rootFile } });
        return;
      }
      const to = target.folder;
      if (to === from || sharedExtensionFolders.has(to)) return;
      if (!shared) context.report({ node, messageId: 'crossFeature', data: { from, to } });
      else if (!typeOnly) context.report({ node, messageId: 'sharedImportsFeature', data: { from, to } });
    };
    const typeOnlyImport = (node) =>
      node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type'));
    return {
      ImportDeclaration: (node) => check(node, node.source.value, typeOnlyImport(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, specifierOf(node.source), false),
      TSImportType: (node) => node.argument?.type === 'TSLiteralType' && check(node, node.argument.literal.value, true),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' && check(node, specifierOf(node.moduleReference.expression), false),
      'CallExpression[callee.name="require"][arguments.length=1]': (node) => check(node, specifierOf(node.arguments[0]), false),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        require: 'readonly',
        module: 'readonly',
        __dirname: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-exports': [
        'error',
        { restrictDefaultExports: { direct: true, named: true, defaultFrom: true, namedFrom: true, namespaceFrom: true } },
      ],
    },
  },
  { files: ['test/unit/**', 'scripts/**', 'bench/**'], rules: importRules([], { vscode: false }) },
  { files: ['src/core/**'], rules: importRules(['client', 'service', 'extension', 'mcp'], { vscode: false }) },
  { files: ['src/client/**'], rules: importRules(['service', 'extension', 'mcp'], { vscode: false }) },
  { files: ['src/service/**'], rules: importRules(['client', 'extension', 'mcp'], { vscode: false }) },
  { files: ['src/extension/**'], rules: importRules(['service', 'mcp'], { vscode: true }) },
  // The webviews' page scripts run in a browser: they use core's pure logic and talk to the extension by messages only.
  { files: ['src/webview/**'], rules: importRules(['client', 'service', 'extension', 'mcp'], { vscode: false }) },
  // The MCP server: the shared tool definitions (core) over the typed client, in a process of its own.
  { files: ['src/mcp/**'], rules: importRules(['service', 'extension'], { vscode: false }) },
  {
    files: ['src/extension/**'],
    plugins: { dbhost: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { 'dbhost/no-cross-feature-imports': 'error' },
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // Sizes a reader can hold: a file does one job in at most 350 lines (tests, scripts and the bench too), a function reads in one screen of 80.
  { files: ['**/*.{ts,js,mjs,cjs}'], rules: { 'max-lines': ['error', { max: 350, skipBlankLines: false, skipComments: false }] } },
  {
    files: ['src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }] },
  },
  { files: ['**/*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['eslint.config.mjs'], rules: { 'no-restricted-exports': 'off' } },
);
