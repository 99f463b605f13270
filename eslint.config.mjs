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
    'no-restricted-imports': ['error', {
      paths: vscode ? [] : [vscodeOnlyInExtension],
      patterns: forbiddenLayers.map((layer) => ({ group: [`**/${layer}`, `**/${layer}/**`], message: layerMessages[layer] })),
    }],
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', require: 'readonly', module: 'readonly', __dirname: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', URL: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly' } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-exports': ['error', { restrictDefaultExports: { direct: true, named: true, defaultFrom: true, namedFrom: true, namespaceFrom: true } }],
    },
  },
  { files: ['test/unit/**', 'scripts/**', 'bench/**'], rules: importRules([], { vscode: false }) },
  { files: ['src/core/**'], rules: importRules(['client', 'service', 'extension'], { vscode: false }) },
  { files: ['src/client/**'], rules: importRules(['service', 'extension'], { vscode: false }) },
  { files: ['src/service/**'], rules: importRules(['client', 'extension'], { vscode: false }) },
  { files: ['src/extension/**'], rules: importRules(['service'], { vscode: true }) },
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
