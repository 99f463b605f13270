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
 * commands. The composition roots (extension.ts, and bundles/, which wires the lazily loaded bundles) may
 * import any feature. Worked out from the paths alone, so a new feature folder is covered the day it appears.
 */
const extensionRoot = path.join(import.meta.dirname, 'src', 'extension');
const sharedExtensionFolders = new Set(['shared', 'base', 'ui']);
const compositionRootFolders = new Set(['bundles']);

/** The first folder under src/extension of a file or an import's resolved path; undefined outside it and for the root's own files. */
function extensionFolderOf(file, { isImport }) {
  const relative = path.relative(extensionRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  if (rest.length > 0) return first;
  // An import of `../services` names a file of the root; `../playground` (an index import) names a folder.
  return isImport && !fs.existsSync(path.join(extensionRoot, `${first}.ts`)) ? first : undefined;
}

const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossFeature:
        "The feature folder '{{from}}' imports the folder '{{to}}': a feature imports only its own folder, shared, base, ui, core and client. " +
        'Move what both need to src/extension/shared, or connect them in a composition root (extension.ts, bundles/) through Services, ResourceChanges or a command.',
    },
  },
  create(context) {
    const from = extensionFolderOf(context.filename, { isImport: false });
    if (from === undefined || sharedExtensionFolders.has(from) || compositionRootFolders.has(from)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = extensionFolderOf(path.resolve(path.dirname(context.filename), source), { isImport: true });
      if (to !== undefined && to !== from && !sharedExtensionFolders.has(to))
        context.report({ node, messageId: 'crossFeature', data: { from, to } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => node.argument?.type === 'TSLiteralType' && check(node, node.argument.literal.value),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' && check(node, node.moduleReference.expression.value),
      'CallExpression[callee.name="require"][arguments.length=1]': (node) =>
        node.arguments[0].type === 'Literal' && check(node, node.arguments[0].value),
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
  { files: ['src/core/**'], rules: importRules(['client', 'service', 'extension'], { vscode: false }) },
  { files: ['src/client/**'], rules: importRules(['service', 'extension'], { vscode: false }) },
  { files: ['src/service/**'], rules: importRules(['client', 'extension'], { vscode: false }) },
  { files: ['src/extension/**'], rules: importRules(['service'], { vscode: true }) },
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
  { files: ['**/*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['eslint.config.mjs'], rules: { 'no-restricted-exports': 'off' } },
);
