import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '..', '..', '..');

/** The messages of `rule` that ESLint gives `source` as if it were the file at `file`. */
async function ruleMessages(eslint: ESLint, rule: string, file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}

/** The `no-restricted-imports` messages ESLint gives `source` as if it were the file at `file`. */
function restrictedImports(eslint: ESLint, file: string, source: string): Promise<string[]> {
  return ruleMessages(eslint, 'no-restricted-imports', file, source);
}

/** The probes are text for files that do not exist, which the type-aware rules cannot type: they are off here. */
function probeLinter(): ESLint {
  return new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
    },
  });
}

describe('lint: the layers hold', function () {
  this.timeout(60_000);
  const eslint = probeLinter();

  const refused: [file: string, source: string, reason: RegExp][] = [
    [
      'src/core/example.ts',
      "import { DbHostClient } from '../client/dbHostClient';\nexport const x = DbHostClient;\n",
      /Only the extension uses the client/,
    ],
    [
      'src/core/deep/example.ts',
      "import { startService } from '../../service/server';\nexport const x = startService;\n",
      /its own process/,
    ],
    [
      'src/core/example.ts',
      "import { activate } from '../extension/extension';\nexport const x = activate;\n",
      /Only the extension imports the extension/,
    ],
    ['src/core/example.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n", /Only src\/extension may import vscode/],
    ['src/client/example.ts', "import { startService } from '../service/server';\nexport const x = startService;\n", /its own process/],
    [
      'src/client/example.ts',
      "import { activate } from '../extension/extension';\nexport const x = activate;\n",
      /Only the extension imports the extension/,
    ],
    ['src/client/example.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n", /Only src\/extension may import vscode/],
    [
      'src/service/example.ts',
      "import { DbHostClient } from '../client/dbHostClient';\nexport const x = DbHostClient;\n",
      /Only the extension uses the client/,
    ],
    [
      'src/service/example.ts',
      "import { activate } from '../extension/extension';\nexport const x = activate;\n",
      /Only the extension imports the extension/,
    ],
    ['src/service/example.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n", /Only src\/extension may import vscode/],
    ['src/extension/example.ts', "import { startService } from '../service/server';\nexport const x = startService;\n", /its own process/],
    [
      'src/webview/page/example.ts',
      "import * as vscode from 'vscode';\nexport const x = vscode;\n",
      /Only src\/extension may import vscode/,
    ],
    [
      'src/webview/page/example.ts',
      "import { DbHostClient } from '../../client/dbHostClient';\nexport const x = DbHostClient;\n",
      /Only the extension uses the client/,
    ],
    [
      'src/webview/page/example.ts',
      "import { Logger } from '../../extension/base/logger';\nexport const x = Logger;\n",
      /Only the extension imports the extension/,
    ],
    [
      'src/webview/page/example.ts',
      "import { startService } from '../../service/server';\nexport const x = startService;\n",
      /its own process/,
    ],
    ['src/mcp/example.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n", /Only src\/extension may import vscode/],
    ['src/mcp/example.ts', "import { startService } from '../service/server';\nexport const x = startService;\n", /its own process/],
    [
      'src/mcp/example.ts',
      "import { activate } from '../extension/extension';\nexport const x = activate;\n",
      /Only the extension imports the extension/,
    ],
    [
      'src/extension/example.ts',
      "import { startMcpServer } from '../mcp/mcpServer';\nexport const x = startMcpServer;\n",
      /MCP server is its own process/,
    ],
    [
      'src/core/example.ts',
      "import { startMcpServer } from '../mcp/mcpServer';\nexport const x = startMcpServer;\n",
      /MCP server is its own process/,
    ],
  ];
  for (const [file, source, reason] of refused) {
    it(`refuses in ${file}: ${source.split('\n')[0]}`, async () => {
      const messages = await restrictedImports(eslint, file, source);
      assert.equal(messages.length, 1, `expected one refusal, got ${JSON.stringify(messages)}`);
      assert.match(messages[0], reason);
    });
  }

  const allowed: [file: string, source: string][] = [
    ['src/client/example.ts', "import { parseLossless } from '../core/json/lossless';\nexport const x = parseLossless;\n"],
    ['src/service/example.ts', "import { parseLossless } from '../core/json/lossless';\nexport const x = parseLossless;\n"],
    [
      'src/extension/example.ts',
      "import * as vscode from 'vscode';\nimport { DbHostClient } from '../client/dbHostClient';\nexport const x = [vscode, DbHostClient];\n",
    ],
    ['src/extension/example.ts', "import { startLocalService } from './localService/localService';\nexport const x = startLocalService;\n"],
    [
      'src/mcp/example.ts',
      "import { DbHostClient } from '../client/dbHostClient';\nimport { parseLossless } from '../core/json/lossless';\nexport const x = [DbHostClient, parseLossless];\n",
    ],
  ];
  for (const [file, source] of allowed) {
    it(`allows in ${file}: ${source.split('\n')[0]}`, async () => {
      assert.deepEqual(await restrictedImports(eslint, file, source), []);
    });
  }
});

describe('lint: no feature folder imports another', function () {
  this.timeout(60_000);
  const eslint = probeLinter();
  const crossFeatureImports = (file: string, source: string) => ruleMessages(eslint, 'dbhost/no-cross-feature-imports', file, source);

  const refused: [file: string, source: string, from: string, to: string][] = [
    [
      'src/extension/users/example.ts',
      "import { ExplorerProvider } from '../explorer/explorerProvider';\nexport const x = ExplorerProvider;\n",
      'users',
      'explorer',
    ],
    [
      'src/extension/users/example.ts',
      "import type { ExplorerProvider } from '../explorer/explorerProvider';\nexport type X = ExplorerProvider;\n",
      'users',
      'explorer',
    ],
    [
      'src/extension/explorer/nodes/example.ts',
      "import { lookTextOf } from '../../guardrails/accountLookText';\nexport const x = lookTextOf;\n",
      'explorer',
      'guardrails',
    ],
    ['src/extension/transfer/example.ts', "export const load = () => import('../playground/runAll');\n", 'transfer', 'playground'],
    ['src/extension/transfer/example.ts', "export type X = import('../schema/schemaNode').SchemaNode;\n", 'transfer', 'schema'],
    ['src/extension/playground/example.ts', "export { addUser } from '../users/addUser';\n", 'playground', 'users'],
    ['src/extension/playground/example.ts', "export * from '../users';\n", 'playground', 'users'],
    ['src/extension/playground/example.ts', "export const x = require('../users/addUser');\n", 'playground', 'users'],
    [
      'src/extension/users/example.ts',
      "import { originalFeatures } from '../bundles/loadOriginalFeatures';\nexport const x = originalFeatures;\n",
      'users',
      'bundles',
    ],
    // A folder that does not exist yet is a feature folder all the same.
    [
      'src/extension/newFeature/example.ts',
      "import { registerIndexes } from '../indexes/registerIndexes';\nexport const x = registerIndexes;\n",
      'newFeature',
      'indexes',
    ],
  ];
  for (const [file, source, from, to] of refused) {
    it(`refuses in ${file}: ${source.split('\n')[0]}`, async () => {
      const messages = await crossFeatureImports(file, source);
      assert.equal(messages.length, 1, `expected one refusal, got ${JSON.stringify(messages)}`);
      assert.match(messages[0], new RegExp(`The feature folder '${from}' imports the folder '${to}'`));
      assert.match(messages[0], /src\/extension\/kit/);
    });
  }

  it('refuses an import() written as a template literal without expressions, as a string', async () => {
    const messages = await crossFeatureImports(
      'src/extension/transfer/example.ts',
      'export const load = () => import(`../playground/runAll`);\n',
    );
    assert.equal(messages.length, 1, JSON.stringify(messages));
    assert.match(messages[0], /The feature folder 'transfer' imports the folder 'playground'/);
  });

  it('refuses a feature importing a composition root file, which would hand it every feature', async () => {
    const messages = await crossFeatureImports(
      'src/extension/users/example.ts',
      "import { activate } from '../extension';\nexport const x = activate;\n",
    );
    assert.equal(messages.length, 1, JSON.stringify(messages));
    assert.match(messages[0], /The feature folder 'users' imports 'extension.ts', a composition root/);
  });

  it('refuses shared code importing a feature, and allows it only the feature types (a lazy bundle loader)', async () => {
    for (const [file, source] of [
      ['src/extension/kit/example.ts', "import { RunAll } from '../playground/runAll';\nexport const x = RunAll;\n"],
      ['src/extension/base/example.ts', "export { addUser } from '../users/addUser';\n"],
      ['src/extension/kit/tree/example.ts', 'export const load = () => import(`../../users/addUser`);\n'],
    ]) {
      const messages = await crossFeatureImports(file, source);
      assert.equal(messages.length, 1, `${file}: ${JSON.stringify(messages)}`);
      assert.match(messages[0], /The shared folder '(kit|base)' imports the feature folder '(playground|users)'/);
    }
    const typeOnly = [
      "import type * as GuardrailsModule from '../guardrails/guardrailsBundle';",
      "import { type AccountLookText } from '../guardrails/accountLookText';",
      "export type { RunAll } from '../playground/runAll';",
      'export type X = [typeof GuardrailsModule, AccountLookText];',
      '',
    ].join('\n');
    assert.deepEqual(await crossFeatureImports('src/extension/kit/example.ts', typeOnly), []);
  });

  const allowed: [file: string, source: string][] = [
    [
      'src/extension/users/example.ts',
      [
        "import { resolveDatabase } from '../kit/targets/resolveTarget';",
        "import { registerCommand } from '../base/registerCommand';",
        "import { vscodePrompts } from '../base/prompts';",
        "import type { Services } from '../services';",
        "import { UsersNode } from './usersNode';",
        "import { DbHostClient } from '../../client/dbHostClient';",
        "import { validateUserName } from '../../core/users/userInput';",
        'export type X = Services;',
        'export const x = [resolveDatabase, registerCommand, vscodePrompts, UsersNode, DbHostClient, validateUserName];',
        '',
      ].join('\n'),
    ],
    [
      'src/extension/explorer/nodes/example.ts',
      "import { ExplorerProvider } from '../explorerProvider';\nimport { childId } from '../../kit/tree/explorerNode';\nexport const x = [ExplorerProvider, childId];\n",
    ],
    ['src/extension/kit/example.ts', "import { Logger } from '../base/logger';\nexport const x = Logger;\n"],
    [
      'src/extension/extension.ts',
      "import { registerIndexes } from './indexes/registerIndexes';\nimport { registerKnowledge } from './bundles/registerKnowledge';\nexport const x = [registerIndexes, registerKnowledge];\n",
    ],
    [
      'src/extension/bundles/example.ts',
      "import { addUser } from '../users/addUser';\nimport { RunAll } from '../playground/runAll';\nexport const x = [addUser, RunAll];\n",
    ],
  ];
  for (const [file, source] of allowed) {
    it(`allows in ${file}: ${source.split('\n')[0]}`, async () => {
      assert.deepEqual(await crossFeatureImports(file, source), []);
    });
  }
});
