import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noVscode = {
  'no-restricted-imports': ['error', {
    paths: [{ name: 'vscode', message: 'Only src/extension may import vscode: client, core and service are plain Node.' }],
  }],
};

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
  { files: ['src/client/**', 'src/core/**', 'src/service/**', 'test/unit/**', 'scripts/**', 'bench/**'], rules: noVscode },
  { files: ['**/*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['eslint.config.mjs'], rules: { 'no-restricted-exports': 'off' } },
);
